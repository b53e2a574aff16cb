/**
 * The indexing limits as the CLI takes them (`--max-file-mb`, `--max-pdf-mb`, `--max-pdf-pages`,
 * `--pdf-timeout`) and as a store remembers them, so later commands refresh the index with the
 * limits it was built with.
 */
import type { VerityOptions } from '../core/api';
import type { WorkerPdfExtractorOptions } from '../node/pdfExtractor';
import { intFlag, numberFlag, type ParsedArgs } from './args';

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
    maxPdfPages: parsed.flags.has('max-pdf-pages') ? intFlag(parsed, 'max-pdf-pages', 1) : undefined,
    pdfTimeoutSeconds: numberFlag(parsed, 'pdf-timeout'),
  };
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) as IndexLimits;
}

/** Limits as stored in a store's workspace.json (anything malformed is ignored). */
export function limitsFromJson(value: unknown): IndexLimits {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, number> = {};
  for (const key of ['maxFileMb', 'maxPdfMb', 'maxPdfPages', 'pdfTimeoutSeconds']) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[key] = v;
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
