/**
 * The `@verity` chat participant: a thin handler that turns a request into one core call
 * (ask / check / search), streams its progress and renders the result with citations,
 * references and visibly marked unsupported sentences.
 */
import * as vscode from 'vscode';
import type { Verity } from '../core/api';
import { isVerityError } from '../core/errors';
import { historyFromTurns } from '../core/conversation';
import type { CheckResult, EvidenceRef, HistoryTurn, Passage, Turn } from '../core/types';
import { countFindings, countsText, findingLabel, isProblem } from '../core/vocabulary';
import type { AskEngine } from './askEngine';
import { escapeMarkdown, renderAnswerSentence, verdictMark, verdictNote } from './chatMarkdown';
import { escapeLinkText, evidenceLabel, evidenceLocation, openEvidenceLink } from './evidence';
import { markdownLink } from './markdownLink';
import type { ModelResolver } from './model';
import { errorText } from './service';

export const PARTICIPANT_ID = 'verity.chat';

export interface ChatServices {
  /** The facade as soon as it can answer (a stored index answers while the disk is reconciled). */
  answering(): Promise<Verity>;
  /** The shared engine: the loop runs there, as for the conversation panel. */
  engine: AskEngine;
  models: ModelResolver;
  log: vscode.LogOutputChannel;
  showReport?: (payload: { kind: 'turn'; turn: Turn } | { kind: 'check'; result: CheckResult }) => void;
  /** Tells the PDF view which page a PDF reference means (a reference link carries no page). */
  rememberPdf?: (ref: EvidenceRef) => void;
}

type Located = Pick<Passage, 'path' | 'kind' | 'startLine' | 'endLine' | 'page'>;

/** A link that opens the markdown lines (or the PDF file) of a passage. */
function fileLink(ref: Located): string | undefined {
  const loc = evidenceLocation(ref);
  if (!loc) return undefined;
  return ref.kind === 'pdf' ? loc.uri.toString() : `${loc.uri.toString()}#L${ref.startLine}-L${ref.endLine}`;
}

/** The parts of the response stream the handler writes (recorded for the tests). */
interface ChatOut {
  markdown(value: string): void;
  progress(value: string): void;
  reference(value: vscode.Uri | vscode.Location): void;
  button(command: vscode.Command): void;
}

/** A citation link: markdown opens at its lines; a PDF opens on its page in the report view. `label` must be markdown-safe. */
function citationLink(label: string, ref: Located & { id?: string }): string | undefined {
  if (ref.kind === 'pdf') return openEvidenceLink({ ...ref, passageId: ref.id }, label);
  const link = fileLink(ref);
  return link ? markdownLink(label, link, evidenceLabel(ref)) : undefined;
}

function referenceOf(ref: Located): vscode.Location | vscode.Uri | undefined {
  const loc = evidenceLocation(ref);
  if (!loc) return undefined;
  return ref.kind === 'pdf' ? loc.uri : loc;
}

/**
 * The dialogue so far. An earlier `@verity` answer is read back from the engine by its turn id
 * (the answer's text, not the rendered markdown with its marks and links); other participants'
 * replies count with their plain text.
 */
function historyOf(context: vscode.ChatContext, engine: AskEngine): HistoryTurn[] {
  const out: HistoryTurn[] = [];
  for (const h of context.history) {
    if (h instanceof vscode.ChatRequestTurn) out.push({ role: 'user', text: h.prompt });
    else if (h instanceof vscode.ChatResponseTurn) {
      const id = (h.result.metadata as { turnId?: unknown } | undefined)?.turnId;
      const turn = typeof id === 'string' ? engine.turn(id) : undefined;
      if (turn) {
        // the question is already in the history as the request turn before it
        out.push(...historyFromTurns([turn]).filter((x) => x.role === 'assistant'));
        continue;
      }
      const text = h.response.map((p) => (p instanceof vscode.ChatResponseMarkdownPart ? p.value.value : '')).join('');
      if (text.trim()) out.push({ role: 'assistant', text });
    }
  }
  return out;
}

/** What to tell the user when a model call fails: one line with what to do. */
export function modelErrorMessage(e: unknown): string {
  if (e instanceof vscode.LanguageModelError) {
    if (e.code === vscode.LanguageModelError.NoPermissions.name) return 'Verity may not use this language model yet: allow it when VS Code asks, then try again.';
    if (e.code === vscode.LanguageModelError.Blocked.name) return 'The language model provider is rate-limiting requests right now. Wait a moment and try again.';
    if (e.code === vscode.LanguageModelError.NotFound.name) return 'The selected language model is not available. Pick another model in the chat model picker.';
  }
  if (isVerityError(e)) {
    if (e.code === 'MODEL_RATE_LIMITED') return `${e.message} Wait a moment and try again.`;
    if (e.code === 'MODEL_AUTH') return `${e.message} Run "Verity: Set API Key" to store a key for verity.model.baseUrl.`;
    return e.message;
  }
  return `Verity failed: ${errorText(e)}. See the Verity log for details.`;
}

export class VerityChat {
  /** The markdown of the last response, by request kind (the tests read it). */
  lastResponse: { command: string; prompt: string; markdown: string } | undefined;

  constructor(private readonly services: ChatServices) {}

  register(context: vscode.ExtensionContext): void {
    const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, (req, ctx, stream, token) => this.handle(req, ctx, stream, token));
    participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icon.png');
    participant.followupProvider = {
      provideFollowups: (result: vscode.ChatResult) => {
        const meta = result.metadata as { question?: string; kind?: string } | undefined;
        if (meta?.kind !== 'ask' || !meta.question) return [];
        return [
          { prompt: meta.question, command: 'strict', label: 'Check again strictly' },
          { prompt: 'Show the report', command: 'report', label: 'Show the report' },
        ];
      },
    };
    context.subscriptions.push(participant);
  }

  async handle(request: vscode.ChatRequest, context: vscode.ChatContext, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    const record = { command: request.command ?? 'ask', prompt: request.prompt, markdown: '' };
    this.lastResponse = record;
    const out: ChatOut = {
      markdown: (value) => {
        record.markdown += value;
        // Trusted only for Verity's own commands; model and document text is escaped before it gets here.
        const md = new vscode.MarkdownString(value);
        md.isTrusted = { enabledCommands: ['verity.openEvidence', 'verity.showReport'] };
        stream.markdown(md);
      },
      progress: (value) => stream.progress(value),
      reference: (value) => stream.reference(value),
      button: (command) => stream.button(command),
    };
    try {
      const verity = await this.services.answering();
      switch (request.command) {
        case 'search':
          return await this.search(verity, request.prompt, out, abort.signal);
        case 'check':
          return await this.check(verity, request.prompt, out, abort.signal);
        case 'report': {
          const last = this.services.engine.lastTurn;
          if (last && this.services.showReport) {
            this.services.showReport({ kind: 'turn', turn: last });
            out.markdown('Opened the report for the last answer.');
          } else out.markdown(last ? 'The report view is not available in this build.' : 'Ask a question first; the report shows how its answer was checked.');
          return {};
        }
        default:
          return await this.ask(verity, request, context, out, abort.signal);
      }
    } catch (e) {
      if (isVerityError(e) && e.code === 'CANCELLED') return {};
      this.services.log.error(`chat request failed: ${errorText(e)}`);
      // Where chat cannot reach a model, the Ask panel runs the same loop with the model picked there.
      if (isVerityError(e) && e.code.startsWith('MODEL_')) out.button({ command: 'verity.conversation.focus', title: 'Open the Ask panel' });
      return { errorDetails: { message: modelErrorMessage(e) } };
    } finally {
      sub.dispose();
    }
  }

  private async ask(verity: Verity, request: vscode.ChatRequest, context: vscode.ChatContext, stream: ChatOut, signal: AbortSignal): Promise<vscode.ChatResult> {
    const question = request.prompt.trim();
    if (!question) {
      stream.markdown('Ask a question about the documents in this workspace, e.g. `@verity how long does a passport renewal take?`');
      return {};
    }
    const model = this.services.models.forChat(request.model);
    stream.progress(`Searching ${verity.passageCount().toLocaleString('en-US')} passages`);
    const turn = await this.services.engine.ask({
      question,
      model,
      history: historyOf(context, this.services.engine),
      strict: request.command === 'strict' ? true : undefined,
      signal,
      onProgress: (p) => stream.progress(p.message),
    });
    if (turn.error) return { errorDetails: { message: turn.error.message }, metadata: { kind: 'ask', question, turnId: turn.id } };
    const byN = new Map(turn.evidence.map((e) => [e.n, e.passage]));
    const shown = turn.sentences.filter((s) => !s.dropped);
    const link = (n: number, label: string) => {
      const ref = byN.get(n);
      return ref && citationLink(label, ref);
    };
    stream.markdown(shown.length ? shown.map((s) => renderAnswerSentence(s, link)).join(' ') : escapeMarkdown(turn.answer));
    const flagged = shown.filter(isProblem);
    const dropped = turn.sentences.length - shown.length;
    const notes: string[] = [];
    if (flagged.length) notes.push(`⚠️ ${flagged.length} sentence${flagged.length > 1 ? 's' : ''} not backed by the indexed documents (${countsText(countFindings(flagged), { problems: true })}) — verify before use.`);
    if (dropped) notes.push(`${dropped} unsupported sentence${dropped > 1 ? 's were' : ' was'} removed (strict mode).`);
    if (notes.length) stream.markdown(`\n\n${notes.join('\n\n')}`);
    const cited = new Set(shown.flatMap((s) => s.citations));
    for (const n of [...cited].sort((a, b) => a - b)) {
      const p = byN.get(n);
      if (p?.kind === 'pdf') this.services.rememberPdf?.({ passageId: p.id, path: p.path, kind: 'pdf', heading: '', startLine: p.startLine, endLine: p.endLine, page: p.page, quote: '', score: 0 });
      const ref = p && referenceOf(p);
      if (ref) stream.reference(ref);
    }
    if (this.services.showReport) stream.button({ command: 'verity.showReport', title: 'Show the report', arguments: [{ kind: 'turn', turn }] });
    return { metadata: { kind: 'ask', question, turnId: turn.id } };
  }

  private async check(verity: Verity, text: string, stream: ChatOut, signal: AbortSignal): Promise<vscode.ChatResult> {
    if (!text.trim()) {
      stream.markdown('Paste the text to check after `/check`.');
      return {};
    }
    stream.progress('Checking sentences against the documents');
    const result = await verity.check(text, { signal });
    const lines = result.sentences
      .filter((s) => s.verdict !== 'not_claim')
      .map((s) => {
        const ev = s.evidence;
        const where = ev ? ` — ${citationLink(escapeLinkText(evidenceLabel(ev)), { ...ev, id: ev.passageId }) ?? escapeLinkText(evidenceLabel(ev))}` : '';
        return `- ${verdictMark(s, true)} ${escapeMarkdown(s.text.trim())} ${verdictNote(s) || `_(${findingLabel(s)})_`}${where}`;
      });
    const counts = countFindings(result.sentences);
    stream.markdown(`${counts.supported} of ${result.summary.claims} claims supported: ${countsText(counts, { all: true })}.\n\n${lines.join('\n')}`);
    const refs = new Map<string, EvidenceRef>();
    for (const s of result.sentences) if (s.evidence) refs.set(s.evidence.passageId, s.evidence);
    for (const r of refs.values()) {
      const ref = referenceOf(r);
      if (ref) stream.reference(ref);
    }
    if (this.services.showReport) stream.button({ command: 'verity.showReport', title: 'Show the report', arguments: [{ kind: 'check', result }] });
    return { metadata: { kind: 'check' } };
  }

  private async search(verity: Verity, query: string, stream: ChatOut, signal: AbortSignal): Promise<vscode.ChatResult> {
    const hits = await verity.search(query, { k: 8, signal });
    if (!hits.length) {
      stream.markdown(`No passages match “${escapeMarkdown(query)}”. Is the index built? (Verity: Show Index Status)`);
      return {};
    }
    const lines = hits.map((h, i) => {
      const label = escapeLinkText(evidenceLabel(h.passage));
      return `${i + 1}. ${citationLink(label, h.passage) ?? label} — ${escapeMarkdown(h.snippet.trim())} _(score ${h.score.toFixed(2)})_`;
    });
    stream.markdown(lines.join('\n'));
    for (const h of hits) {
      const ref = referenceOf(h.passage);
      if (ref) stream.reference(ref);
    }
    return { metadata: { kind: 'search' } };
  }
}
