/**
 * Validators for the conversation panel's protocol (panelMessages.ts). The panel is a separate
 * process whose messages are untrusted input for the host, and the host's messages carry model
 * and document text the panel must still check before rendering.
 */
import type { HostToPanel, PanelRendered, PanelToHost } from './panelMessages';
import { PANEL_COMMANDS } from './panelMessages';
import { arr, int, Invalid, obj, oneOf, run, str, type Obj, type Validated } from './shape';
import { checkEvidence, checkTurn, MAX_QUESTION_CHARS } from './validate';

/** Longest conversation the host sends in one state message (older turns stay stored). */
export const MAX_TURNS_SHOWN = 200;

function bool(o: Obj, k: string, at: string): boolean {
  const v = o[k];
  if (typeof v !== 'boolean') throw new Invalid(`${at}.${k}: expected a boolean`);
  return v;
}

function strings(o: Obj, k: string, at: string): void {
  arr(o, k, at).forEach((x, i) => {
    if (typeof x !== 'string') throw new Invalid(`${at}.${k}[${i}]: expected a string`);
  });
}

function checkState(o: Obj): void {
  const c = obj(o.conversation, 'state.conversation');
  str(c, 'id', 'state.conversation');
  str(c, 'title', 'state.conversation');
  const turns = arr(c, 'turns', 'state.conversation');
  if (turns.length > MAX_TURNS_SHOWN) throw new Invalid(`state.conversation.turns: more than ${MAX_TURNS_SHOWN}`);
  turns.forEach((t, i) => checkTurn(t, `state.conversation.turns[${i}]`));
  arr(o, 'models', 'state').forEach((m, i) => {
    const x = obj(m, `state.models[${i}]`);
    for (const k of ['key', 'label', 'detail']) str(x, k, `state.models[${i}]`);
  });
  if (o.model !== undefined) str(o, 'model', 'state');
  const a = obj(o.access, 'state.access');
  bool(a, 'trusted', 'state.access');
  bool(a, 'modelReady', 'state.access');
  if (o.running !== null) {
    const r = obj(o.running, 'state.running');
    int(r, 'runId', 'state.running');
    str(r, 'question', 'state.running');
    strings(r, 'progress', 'state.running');
    str(r, 'text', 'state.running');
    int(r, 'round', 'state.running');
  }
}

/** Validates a message arriving in the panel from the host. */
export function validateHostToPanel(v: unknown): Validated<HostToPanel> {
  return run(() => {
    const o = obj(v, 'message');
    const type = str(o, 'type', 'message');
    switch (type) {
      case 'state':
        checkState(o);
        break;
      case 'progress':
        int(o, 'runId', type);
        str(o, 'message', type);
        if (o.round !== undefined) int(o, 'round', type);
        break;
      case 'text':
        int(o, 'runId', type);
        str(o, 'fragment', type);
        int(o, 'round', type);
        break;
      case 'done':
        int(o, 'runId', type);
        checkTurn(o.turn, 'done.turn');
        break;
      case 'failed':
        int(o, 'runId', type);
        str(o, 'message', type);
        if (o.fix !== undefined) oneOf(o, 'fix', PANEL_COMMANDS, type);
        break;
      case 'copied':
        str(o, 'turnId', type);
        break;
      default:
        throw new Invalid(`message.type: unknown type ${JSON.stringify(type).slice(0, 40)}`);
    }
    return o as unknown as HostToPanel;
  });
}

function checkRendered(v: unknown): PanelRendered {
  const o = obj(v, 'rendered.state');
  str(o, 'conversationId', 'rendered.state');
  for (const k of ['turns', 'citations', 'streamed']) int(o, k, 'rendered.state');
  const f = obj(o.lastFindings, 'rendered.state.lastFindings');
  for (const k of Object.keys(f)) int(f, k, 'rendered.state.lastFindings');
  bool(o, 'running', 'rendered.state');
  str(o, 'model', 'rendered.state');
  str(o, 'notice', 'rendered.state');
  return o as unknown as PanelRendered;
}

/** Validates a message arriving in the host from the panel (untrusted input). */
export function validatePanelToHost(v: unknown): Validated<PanelToHost> {
  return run(() => {
    const o = obj(v, 'message');
    const type = str(o, 'type', 'message');
    switch (type) {
      case 'ready':
      case 'newConversation':
        break;
      case 'ask': {
        int(o, 'runId', type);
        const q = str(o, 'question', type);
        if (q.trim().length === 0) throw new Invalid('ask.question: empty');
        if (q.length > MAX_QUESTION_CHARS) throw new Invalid(`ask.question: longer than ${MAX_QUESTION_CHARS} characters`);
        break;
      }
      case 'cancel':
        int(o, 'runId', type);
        break;
      case 'openEvidence':
        checkEvidence(o.evidence, 'openEvidence.evidence');
        break;
      case 'copyAnswer':
      case 'openReport':
        str(o, 'turnId', type);
        break;
      case 'pickModel':
        str(o, 'key', type);
        break;
      case 'run':
        oneOf(o, 'command', PANEL_COMMANDS, type);
        break;
      case 'rendered':
        checkRendered(o.state);
        break;
      case 'log':
        oneOf(o, 'level', ['info', 'warn', 'error'] as const, type);
        str(o, 'message', type);
        break;
      default:
        throw new Invalid(`message.type: unknown type ${JSON.stringify(type).slice(0, 40)}`);
    }
    return o as unknown as PanelToHost;
  });
}
