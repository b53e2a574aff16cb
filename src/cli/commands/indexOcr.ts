/**
 * The OCR part of `verity index --ocr`: after the text index is saved (so searches already
 * work), recognise scanned pages with a progress line, stop cleanly on Ctrl-C (the pages done
 * are cached and the next run resumes), and print one summary line.
 */
import type { Verity } from '../../core/api';
import type { OcrProgress } from '../../core/ocr/ocrStage';
import { VerityError } from '../../core/errors';
import { LIMIT_RANGES } from '../../core/limits';
import { numberFlag, flag, type ParsedArgs } from '../args';
import type { CliIO } from '../io';

/** The OCR settings the flags ask for, or undefined without --ocr. */
export function ocrFlags(parsed: ParsedArgs): { languages: string[]; maxPagesPerFile: number } | undefined {
  if (!parsed.flags.has('ocr')) {
    if (parsed.flags.has('ocr-languages') || parsed.flags.has('ocr-max-pages')) throw new VerityError('BAD_INPUT', '--ocr-languages and --ocr-max-pages need --ocr');
    return undefined;
  }
  const languages = (flag(parsed, 'ocr-languages') ?? 'eng').split(/[+,]/).map((l) => l.trim()).filter(Boolean);
  if (!languages.every((l) => /^[a-z]{3}(?:_[a-z]+)*$/i.test(l))) throw new VerityError('BAD_INPUT', `--ocr-languages takes codes like eng or eng+deu, got "${flag(parsed, 'ocr-languages')}"`);
  return { languages, maxPagesPerFile: numberFlag(parsed, 'ocr-max-pages', LIMIT_RANGES.ocrMaxPagesPerFile.default) };
}

/** Runs the OCR stage for the CLI and prints its summary; returns false when cancelled. */
export async function runCliOcr(verity: Verity, io: CliIO): Promise<boolean> {
  if (!verity.ocrPending()) return true;
  const controller = new AbortController();
  const onInt = (): void => controller.abort();
  process.once('SIGINT', onInt);
  let lastFile: string | undefined;
  const line = (p: OcrProgress): string => {
    const eta = p.etaMs !== undefined ? `, ~${formatDuration(p.etaMs)} left` : '';
    return `OCR ${p.pagesDone}/${p.pagesTotal} pages, ${p.filesDone}/${p.files} files${eta}${p.path ? `: ${p.path}` : ''}`;
  };
  try {
    const summary = await verity.runOcr({
      signal: controller.signal,
      onProgress: (p) => {
        if (io.isTTY) io.stderr(`\r\x1b[2K${line(p).slice(0, 100)}`);
        else if (p.path !== lastFile && p.path) io.stderr(`${line(p)}\n`);
        lastFile = p.path;
        if (p.lowConfidencePage !== undefined) io.stderr(`${io.isTTY ? '\r\x1b[2K' : ''}verity: low OCR confidence on ${p.path ?? ''} page ${p.lowConfidencePage}\n`);
      },
    });
    if (io.isTTY) io.stderr('\r\x1b[2K');
    const failed = summary.failed.length ? `; ${summary.failed.length} failed (see "verity status")` : '';
    io.stdout(
      `OCR: ${summary.recognised} of ${summary.files} scanned files gained text: ${summary.pages} pages recognised, ${summary.cachedPages} from the cache, ` +
        `${summary.passages} passages in ${(summary.ms / 1000).toFixed(1)} s${failed}${summary.cancelled ? ' — cancelled; run again to resume' : ''}.\n`,
    );
    return !summary.cancelled;
  } finally {
    process.off('SIGINT', onInt);
  }
}

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
}
