// Shared fixture for the loop tests: a small real index (the product's PassageIndex), the real
// offline checker, and helpers to read the evidence blocks a scripted model was shown.
import { createPassageIndex, type PassageIndex } from '../../../src/core/index/passageIndex';
import { createChecker } from '../../../src/core/check/checker';
import { hashString } from '../../../src/core/hash';
import type { VerityOptions } from '../../../src/core/api';
import type { Passage } from '../../../src/core/types';
import type { TurnDeps } from '../../../src/core/loop/runTurn';
import type { ModelPort } from '../../../src/core/ports';
import type { ChatRequestBody } from '../../support/mockServer';

export const DOCS: Array<{ path: string; heading: string; text: string }> = [
  { path: 'billing/refunds.md', heading: 'Refunds', text: 'Customers can request a refund within 30 days of purchase. Refunds are paid back to the original payment method within 5 business days.' },
  { path: 'billing/invoices.md', heading: 'Invoices', text: 'Invoices are emailed on the first day of every month. Each invoice lists the plan, the number of seats and the tax rate.' },
  { path: 'support/hours.md', heading: 'Support hours', text: 'The support desk is open Monday to Friday from 9:00 to 17:00 Central European Time. Urgent incidents are handled around the clock by the on-call engineer.' },
  { path: 'security/backups.md', heading: 'Backups', text: 'Database backups are taken every six hours and kept for 35 days. Backups are encrypted with AES-256 and stored in a second region.' },
  { path: 'product/export.md', heading: 'Data export', text: 'Workspace owners can export all projects as a ZIP archive from the settings page. The export contains every document in its original format.' },
];

export const OPTIONS: VerityOptions = {
  passageMinWords: 120,
  passageMaxWords: 250,
  maxFileBytes: 1e7,
  maxPdfBytes: 5e7,
  topK: 3,
  maxRounds: 3,
  tokenBudget: 0,
  strict: false,
  judge: 'off',
  rerank: false,
  rerankCandidates: 5,
};

export function passages(docs = DOCS): Passage[] {
  return docs.map((d) => ({
    id: hashString(d.path + d.text),
    path: d.path,
    kind: 'md' as const,
    title: d.heading,
    headings: [d.heading],
    startLine: 3,
    endLine: 5,
    text: d.text,
    hash: hashString(d.text),
  }));
}

export async function buildIndex(docs = DOCS): Promise<PassageIndex> {
  const index = createPassageIndex();
  await index.add(passages(docs));
  return index;
}

export async function deps(model: ModelPort, docs = DOCS, extra: Partial<TurnDeps> = {}): Promise<TurnDeps & { index: PassageIndex }> {
  const index = await buildIndex(docs);
  return {
    index,
    search: async (q, k) => index.search(q, { k }),
    checker: createChecker(index),
    model,
    passageCount: () => index.size,
    ...extra,
  };
}

/** The evidence blocks of the (last) prompt a request carried: number → text. */
export function evidenceOf(req: ChatRequestBody): Map<number, string> {
  const user = (req.messages ?? []).filter((m) => m.role === 'user')[0]?.content ?? '';
  const out = new Map<number, string>();
  for (const m of user.matchAll(/<<<EVIDENCE (\d+)>>>[^\n]*\n([\s\S]*?)\n<<<END EVIDENCE \1>>>/g)) out.set(Number(m[1]), m[2]!);
  return out;
}

/** The [n] of the evidence block containing `needle`, or throws (the test set-up is wrong). */
export function numberOf(req: ChatRequestBody, needle: string): number {
  for (const [n, text] of evidenceOf(req)) if (text.includes(needle)) return n;
  throw new Error(`no evidence block contains "${needle}"`);
}

export function isJudge(req: ChatRequestBody): boolean {
  const first = req.messages?.[0]?.content ?? '';
  return first.startsWith('You are a strict fact checker') || first.startsWith('Document:');
}
