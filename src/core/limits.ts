/**
 * The indexing limits and their allowed ranges, declared once: the CLI's flags, the VS Code
 * settings (package.json `minimum`/`maximum`) and the values a store remembers all read this
 * table. A value outside its range is a usage error on the command line; read from a store, it
 * is replaced by the default with a warning (a store is data, not authority: a PDF timeout of
 * days or a size limit of terabytes must not reach a reader).
 */

export interface LimitRange {
  /** Smallest accepted value. */
  min: number;
  /** Largest accepted value. */
  max: number;
  default: number;
  /** Whole numbers only. */
  integer: boolean;
  /** The unit as a person reads it ("MB", "pages", "seconds"). */
  unit: string;
}

export type LimitName = 'maxFileMb' | 'maxPdfMb' | 'maxPdfPages' | 'pdfTimeoutSeconds' | 'ocrMaxPagesPerFile';

/** Every indexing limit with its range and default. */
export const LIMIT_RANGES: Readonly<Record<LimitName, LimitRange>> = {
  maxFileMb: { min: 0.001, max: 512, default: 10, integer: false, unit: 'MB' },
  maxPdfMb: { min: 0.001, max: 1024, default: 50, integer: false, unit: 'MB' },
  maxPdfPages: { min: 1, max: 100_000, default: 2000, integer: true, unit: 'pages' },
  // minutes, not days: one slow PDF must not hold every reader
  pdfTimeoutSeconds: { min: 1, max: 600, default: 20, integer: false, unit: 'seconds' },
  ocrMaxPagesPerFile: { min: 1, max: 1000, default: 20, integer: true, unit: 'pages' },
};

/** True when `value` is a number inside the range (and whole, where the range asks for it). */
export function inRange(value: unknown, range: LimitRange): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max && (!range.integer || Number.isInteger(value));
}

/** "a whole number from 1 to 100000" / "a number from 0.001 to 512": for messages. */
export function rangeText(range: Pick<LimitRange, 'min' | 'max' | 'integer'>): string {
  return `${range.integer ? 'a whole number' : 'a number'} from ${range.min} to ${range.max}`;
}
