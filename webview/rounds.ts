/** The loop's rounds: draft, check summary, feedback sent, re-query, and a word diff per revision. */
import type { Round } from '../src/protocol/messages';
import { wordDiff } from './diff';
import { el, fmt } from './dom';

function diffView(before: string, after: string): HTMLElement {
  const box = el('div', { class: 'diff', attrs: { 'aria-label': 'Changes from the previous draft' } });
  for (const d of wordDiff(before, after)) {
    if (d.op === 'same') box.append(document.createTextNode(d.text));
    else box.append(el(d.op === 'add' ? 'ins' : 'del', { text: d.text }));
  }
  return box;
}

function section(title: string, body: HTMLElement): HTMLElement {
  return el('div', { class: 'round-part' }, [el('h4', { text: title }), body]);
}

function roundView(r: Round, prev: Round | undefined): HTMLElement {
  const s = r.check.summary;
  const c = document.createElement('vscode-collapsible');
  c.heading = `Round ${r.n} · ${r.kind}`;
  c.description = `${s.supported}/${s.claims} supported · ${r.modelCalls} call${r.modelCalls === 1 ? '' : 's'} · ${fmt(r.tokens.prompt + r.tokens.completion)} tokens`;
  c.className = 'round';
  c.dataset.round = String(r.n);
  const body = el('div', { class: 'round-body' }, [
    r.query !== undefined ? section(r.kind === 'requery' ? 'Re-query' : 'Query', el('p', { class: 'query', text: r.query })) : null,
    prev ? section(`Changes from round ${prev.n}`, diffView(prev.draft, r.draft)) : section('Draft', el('p', { class: 'draft', text: r.draft })),
    section(
      'Check',
      el('p', { text: `${s.supported} supported, ${s.unsupported} unsupported, ${s.contradicted} contradicted, ${s.notClaim} not claims · ${fmt(r.tokens.prompt)} prompt + ${fmt(r.tokens.completion)} completion tokens · ${fmt(Math.round(r.ms))} ms` }),
    ),
    r.feedback ? section('Feedback sent to the model', el('pre', { class: 'feedback', text: r.feedback })) : null,
  ]);
  c.append(body);
  return c;
}

/** All rounds, first to last; each collapsed until opened. */
export function roundList(rounds: readonly Round[]): HTMLElement {
  return el('div', { class: 'rounds' }, rounds.map((r, i) => roundView(r, rounds[i - 1])));
}
