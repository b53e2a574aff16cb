/**
 * A chat script that behaves like a careful model without being one: it answers from the
 * evidence blocks of the prompt by copying the sentences that share the most words with the
 * question, each with its [n]; it says "The documents do not contain the answer." when nothing
 * matches; as a judge it labels every claim entailment (claims mode) or "Yes" (MiniCheck); as a
 * reranker it keeps the search order. Used by `npm run mock-model` and the loop benchmark.
 */
import { analyze } from '../../src/core/text/analyzer';
import type { ChatRequestBody, MockReply } from './mockServer';

/** Content terms (the product's analyzer: stop words dropped, stemmed). */
function words(s: string): Set<string> {
  return new Set(analyze(s));
}

function sentencesOf(block: string): string[] {
  const out: string[] = [];
  // Markdown is often hard-wrapped: join a line to the previous one unless it starts a block.
  const unwrapped = block.replace(/\n(?!\s*\n|\s*(?:[-*+]|\d+[.)])\s|\s*#|\s*\||\s*```)/g, ' ');
  for (const raw of unwrapped.split(/\n+/)) {
    const line = raw.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/\*\*|`/g, '').trim();
    if (!line || /^(?:#|\||```|<<<)/.test(line)) continue;
    for (const s of line.split(/(?<=[.!?])\s+(?=[A-Z])/)) {
      const t = s.trim();
      const n = t.split(/\s+/).length;
      if (n >= 5 && n <= 60) out.push(/[.!?]$/.test(t) ? t : `${t}.`);
    }
  }
  return out;
}

/** The extractive answer for one chat request. */
export function extractiveReply(req: ChatRequestBody): MockReply {
  const msgs = req.messages ?? [];
  const first = msgs[0]?.content ?? '';
  if (first.startsWith('Document:')) return { text: 'Yes' };
  if (/^Rank passages/.test(first)) {
    const n = [...(msgs[1]?.content ?? '').matchAll(/<<<PASSAGE (\d+)>>>/g)].map((m) => m[1]);
    return { text: n.join(', ') };
  }
  const user = msgs.find((m) => m.role === 'user')?.content ?? '';
  if (first.startsWith('You are a strict fact checker')) {
    const count = (user.split('Answer sentences:')[1] ?? '').split('\n').filter((l) => /^\d+\./.test(l)).length;
    return { text: JSON.stringify({ sentences: Array.from({ length: count }, (_, i) => ({ id: i + 1, claims: [{ claim: 'sentence', label: 'entailment' }] })) }) };
  }
  const question = (user.match(/\nQuestion: (.*)$/s)?.[1] ?? '').trim();
  const q = words(question);
  const scored: Array<{ n: number; s: string; score: number; order: number }> = [];
  let order = 0;
  for (const m of user.matchAll(/<<<EVIDENCE (\d+)>>>[^\n]*\n([\s\S]*?)\n<<<END EVIDENCE \1>>>/g)) {
    for (const s of sentencesOf(m[2]!)) {
      let score = 0;
      for (const w of words(s)) if (q.has(w)) score++;
      if (score > 0) scored.push({ n: Number(m[1]), s, score, order: order++ });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const picked = scored.slice(0, 2).sort((a, b) => a.order - b.order);
  if (picked.length === 0) return { text: 'The documents do not contain the answer.' };
  return { text: picked.map((p) => `${p.s.replace(/([.!?])$/, '')} [${p.n}]${p.s.match(/[.!?]$/)?.[0] ?? '.'}`).join(' ') };
}
