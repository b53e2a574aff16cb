/**
 * The OCR part of `verity index --ocr`: after the text index is saved (so searches already
 * work), recognise scanned pages with a progress line, stop cleanly on Ctrl-C (the pages done
 * are cached and the next run resumes), and print one summary line.
 */
import type { Verity } from '../../core/api';
import type { OcrProgress } from '../../core/ocr/ocrStage';
import { VerityError } from '../../core/errors';
import { LIMIT_RANGES } from '../../core/limits';
import { findLanguageData } from '../../node/ocr/ocrAssets';
import { missingLanguageText } from '../../node/ocr/ocrRunner';
import { numberFlag, flag, type ParsedArgs } from '../args';
import type { CliIO } from '../io';
import { shownPath } from '../printable';

/** The OCR settings the flags ask for, or undefined without --ocr. */
export function ocrFlags(parsed: ParsedArgs): { languages: string[]; maxPagesPerFile: number } | undefined {
  if (!parsed.flags.has('ocr')) {
    if (parsed.flags.has('ocr-languages') || parsed.flags.has('ocr-max-pages')) throw new VerityError('BAD_INPUT', '--ocr-languages and --ocr-max-pages need --ocr');
    return undefined;
  }
  const languages = (flag(parsed, 'ocr-languages') ?? 'eng').split(/[+,]/).map((l) => l.trim()).filter(Boolean);
  if (!languages.every((l) => /^[a-z]{3}(?:_[a-z]+)*$/i.test(l))) throw new VerityError('BAD_INPUT', `--ocr-languages takes codes like eng or eng+deu, got "${flag(parsed, 'ocr-languages')}"`);
  // a missing language is known before any indexing work: say which package to install
  const missing = languages.find((l) => !findLanguageData(l));
  if (missing) throw new VerityError('OCR_UNAVAILABLE', missingLanguageText(missing));
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
    return `OCR ${p.pagesDone}/${plural(p.pagesTotal, 'page')}, ${p.filesDone}/${plural(p.files, 'file')}${eta}${p.path ? `: ${shownPath(p.path)}` : ''}`;
  };
  try {
    const summary = await verity.runOcr({
      signal: controller.signal,
      onProgress: (p) => {
        if (io.isTTY) io.stderr(`\r\x1b[2K${line(p).slice(0, 100)}`);
        else if (p.path !== lastFile && p.path) io.stderr(`${line(p)}\n`);
        lastFile = p.path;
        if (p.lowConfidencePage !== undefined) io.stderr(`${io.isTTY ? '\r\x1b[2K' : ''}verity: low OCR confidence on ${shownPath(p.path ?? '')} page ${p.lowConfidencePage}\n`);
      },
    });
    if (io.isTTY) io.stderr('\r\x1b[2K');
    const failed = summary.failed.length ? `; ${summary.failed.length} failed (see "verity status")` : '';
    io.stdout(
      `OCR: ${summary.recognised} of ${plural(summary.files, 'scanned file')} gained text: ${plural(summary.pages, 'page')} recognised, ${summary.cachedPages} from the cache, ` +
        `${plural(summary.passages, 'passage')} in ${(summary.ms / 1000).toFixed(1)} s${failed}${summary.cancelled ? ' — cancelled; run again to resume' : ''}.\n`,
    );
    return !summary.cancelled;
  } finally {
    process.off('SIGINT', onInt);
  }
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
}
