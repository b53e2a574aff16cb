/**
 * "Verity: Show Index Status": a read-only markdown document listing every file with its state
 * (indexed, or skipped and why — e.g. "scanned PDF — no text layer, needs OCR").
 */
import * as vscode from 'vscode';
import type { Verity } from '../core/api';
import type { FileRecord } from '../core/types';

export const STATUS_SCHEME = 'verity-status';
export const STATUS_URI = vscode.Uri.from({ scheme: STATUS_SCHEME, path: '/Verity index status.md' });

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The status document's markdown. */
export function statusMarkdown(verity: Verity, storage: string | undefined, fromSnapshot: boolean): string {
  const files = [...verity.files()].sort((a, b) => (a.state === b.state ? a.path.localeCompare(b.path) : a.state === 'skipped' ? -1 : 1));
  const drafts = files.filter((f) => f.reason === 'DRAFT');
  const skipped = files.filter((f) => f.state === 'skipped' && f.reason !== 'DRAFT');
  const lines = [
    '# Verity index status',
    '',
    `- Passages: ${verity.passageCount().toLocaleString('en-US')}`,
    `- Files: ${files.length} (${files.length - skipped.length - drafts.length} indexed, ${drafts.length} draft${drafts.length === 1 ? '' : 's'}, ${skipped.length} skipped)`,
    `- Stored in: ${storage ?? 'memory only (no workspace folder open)'}${fromSnapshot ? ' — loaded from the stored snapshot at start' : ''}`,
    '',
    '| File | State | Passages | Details |',
    '| --- | --- | ---: | --- |',
    ...files.map((f: FileRecord) =>
      `| ${cell(f.path)} | ${f.state === 'indexed' ? 'indexed' : `skipped (${f.reason ?? 'unknown'})`} | ${f.passages} | ${cell(f.state === 'skipped' ? (f.message ?? '') : [f.title, f.pages ? `${f.pages} pages` : '', f.ocr?.message].filter(Boolean).join(', '))} |`,
    ),
  ];
  if (files.length === 0) lines.push('', 'No markdown or PDF files were found. Check the `verity.include` and `verity.exclude` settings.');
  return lines.join('\n') + '\n';
}

export class IndexStatusProvider implements vscode.TextDocumentContentProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly render: () => Promise<string>) {}

  provideTextDocumentContent(): Promise<string> {
    return this.render();
  }

  refresh(): void {
    this.emitter.fire(STATUS_URI);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
