/**
 * The indexing limits as the CLI takes them (`--max-file-mb`, `--max-pdf-mb`, `--max-pdf-pages`,
 * `--pdf-timeout`) and as a store remembers them, so later commands refresh the index with the
 * limits it was built with.
 */
import type { VerityOptions } from '../core/api';
import type { WorkerPdfExtractorOptions } from '../node/pdfExtractor';
import { LIMIT_RANGES, inRange, rangeText, type LimitName } from '../core/limits';
import { numberFlag, type ParsedArgs } from './args';

export interface IndexLimits {
  maxFileMb?: number;
  maxPdfMb?: number;
  maxPdfPages?: number;
  pdfTimeoutSeconds?: number;
}

const MB = 1024 * 1024;

/** The limits given on the command line (only those given). */
export function limitsFromFlags(parsed: ParsedArgs): IndexLimits {
  const limits: IndexLimits = {
    maxFileMb: numberFlag(parsed, 'max-file-mb'),
    maxPdfMb: numberFlag(parsed, 'max-pdf-mb'),
    maxPdfPages: numberFlag(parsed, 'max-pdf-pages'),
    pdfTimeoutSeconds: numberFlag(parsed, 'pdf-timeout'),
  };
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) as IndexLimits;
}

const STORED: ReadonlyArray<keyof IndexLimits & LimitName> = ['maxFileMb', 'maxPdfMb', 'maxPdfPages', 'pdfTimeoutSeconds'];

/**
 * Limits as stored in a store's workspace.json. A value outside its documented range is dropped
 * (so the default applies) with a warning: even a store this user wrote was written by an
 * older version or edited by hand.
 */
export function limitsFromJson(value: unknown, warn: (message: string) => void = () => undefined): IndexLimits {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, number> = {};
  for (const key of STORED) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    const range = LIMIT_RANGES[key];
    if (inRange(v, range)) out[key] = v;
    else warn(`the store's ${key} (${JSON.stringify(v)?.slice(0, 30)}) is not ${rangeText(range)}: using the default, ${range.default} ${range.unit}`);
  }
  return out as IndexLimits;
}

/** Whether two sets of limits differ in any value. */
export function limitsDiffer(a: IndexLimits, b: IndexLimits): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof IndexLimits>;
  return [...keys].some((k) => a[k] !== b[k]);
}

/** The core options the limits set (the core's defaults fill the rest). */
export function coreLimitOptions(l: IndexLimits): Partial<VerityOptions> {
  const o: Partial<VerityOptions> = {};
  if (l.maxFileMb !== undefined) o.maxFileBytes = Math.round(l.maxFileMb * MB);
  if (l.maxPdfMb !== undefined) o.maxPdfBytes = Math.round(l.maxPdfMb * MB);
  return o;
}

/** The PDF extractor's options the limits set. */
export function pdfLimitOptions(l: IndexLimits): WorkerPdfExtractorOptions {
  const o: WorkerPdfExtractorOptions = {};
  if (l.maxPdfMb !== undefined) o.maxBytes = Math.round(l.maxPdfMb * MB);
  if (l.maxPdfPages !== undefined) o.maxPages = l.maxPdfPages;
  if (l.pdfTimeoutSeconds !== undefined) o.timeoutMs = Math.round(l.pdfTimeoutSeconds * 1000);
  return o;
}
