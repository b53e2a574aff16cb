/**
 * How the Verity view groups and words the files it knows: sources (indexed evidence), drafts
 * (indexed, never evidence) and skipped (with the reason), plus a mark when a file changed on disk
 * since it was read. Pure (no 'vscode' import) so unit tests check it.
 */
import type { FileRecord } from '../core/types';

export type SourceState = 'indexed' | 'draft' | 'skipped';

export interface SourceItem {
  path: string;
  state: SourceState;
  stale: boolean;
  /** One line: "3 passages", "2 pages, 4 passages", "draft — never evidence", "scanned PDF — needs OCR". */
  description: string;
  /** The longer explanation shown by "Show Why" and in the tooltip. */
  why: string;
  record: FileRecord;
}

export interface SourceGroup {
  state: SourceState;
  label: string;
  items: SourceItem[];
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** Files grouped for the view; `stale` lists paths whose file changed since it was read. */
export function sourceGroups(files: readonly FileRecord[], stale: ReadonlySet<string>): SourceGroup[] {
  const items = files.map((f): SourceItem => {
    const state: SourceState = f.reason === 'DRAFT' ? 'draft' : f.state === 'skipped' ? 'skipped' : 'indexed';
    const size = [f.pages ? plural(f.pages, 'page') : '', plural(f.passages, 'passage')].filter(Boolean).join(', ');
    const description =
      state === 'skipped' ? (f.message ?? f.reason ?? 'skipped') : state === 'draft' ? 'draft — never evidence' : size;
    const why =
      state === 'skipped'
        ? `${f.path} is not indexed: ${f.message ?? f.reason ?? 'unknown reason'}${f.reason ? ` (${f.reason})` : ''}.`
        : state === 'draft'
          ? `${f.path} matches verity.drafts: it is never indexed and never evidence for a check or an answer.`
          : `${f.path} is a source: ${size}${f.title ? `, titled “${f.title}”` : ''}.`;
    return { path: f.path, state, stale: stale.has(f.path), description: stale.has(f.path) ? `${description} · changed since indexed` : description, why, record: f };
  });
  const group = (state: SourceState, label: string): SourceGroup => ({ state, label, items: items.filter((i) => i.state === state).sort((a, b) => a.path.localeCompare(b.path)) });
  return [group('indexed', 'Sources'), group('draft', 'Drafts'), group('skipped', 'Skipped')].filter((g) => g.items.length > 0);
}
