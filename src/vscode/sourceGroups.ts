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
      state === 'skipped' ? (f.message ?? f.reason ?? 'skipped') : state === 'draft' ? 'draft — never evidence' : [size, f.ocr?.message].filter(Boolean).join('; ');
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

/**
 * The line above the tree (the view's message): passages and files in plain words, the skipped
 * ones counted, and whether the index came from the stored one and is being compared with the disk.
 */
export function sourcesSummary(files: readonly FileRecord[], passages: number, opts: { fromStore: boolean; reconciling: boolean }): string {
  const indexed = files.filter((f) => f.state === 'indexed').length;
  const drafts = files.filter((f) => f.reason === 'DRAFT').length;
  const skipped = files.filter((f) => f.state === 'skipped' && f.reason !== 'DRAFT').length;
  const parts = [`${passages.toLocaleString('en-US')} passage${passages === 1 ? '' : 's'} from ${plural(indexed, 'source')}`];
  if (drafts) parts.push(plural(drafts, 'draft'));
  if (skipped) parts.push(`${skipped} skipped`);
  if (opts.reconciling) parts.push('checking the files for changes');
  else if (opts.fromStore) parts.push('opened from the stored index');
  return parts.join(' · ');
}
