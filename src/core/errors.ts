/**
 * Coded errors. The core throws these; the edges (CLI, extension) decide how to show them.
 * Every code maps to one user-actionable line.
 */
export type VerityErrorCode =
  // files
  | 'PDF_ENCRYPTED'
  | 'PDF_NO_TEXT'
  | 'PDF_UNREADABLE'
  | 'PDF_TOO_LARGE'
  | 'PDF_TIMEOUT'
  | 'FILE_TOO_LARGE'
  | 'FILE_BINARY'
  | 'FILE_VANISHED'
  | 'FILE_UNREADABLE'
  // OCR
  | 'OCR_UNAVAILABLE'
  | 'OCR_TIMEOUT'
  | 'OCR_FAILED'
  // store
  | 'STORE_CORRUPT'
  | 'STORE_VERSION'
  | 'STORE_LOCKED'
  | 'STORE_ROOT_MISMATCH'
  | 'STORE_READ_ONLY'
  | 'GLOSSARY_INVALID'
  | 'STORE_KEY'
  // a store on a database server (issue 30) that cannot be reached, or refuses the credentials
  | 'STORE_UNREACHABLE'
  // models
  | 'MODEL_UNAVAILABLE'
  | 'MODEL_UNREACHABLE'
  | 'MODEL_AUTH'
  | 'MODEL_RATE_LIMITED'
  | 'MODEL_TIMEOUT'
  | 'MODEL_BAD_RESPONSE'
  | 'MODEL_NOT_FOUND'
  | 'MODEL_NO_PERMISSION'
  // general
  | 'CANCELLED'
  | 'BAD_INPUT'
  | 'INTERNAL';

/** An error with a stable code and a one-line message a person can act on. */
export class VerityError extends Error {
  readonly code: VerityErrorCode;
  readonly detail?: unknown;
  constructor(code: VerityErrorCode, message: string, detail?: unknown) {
    super(message);
    this.name = 'VerityError';
    this.code = code;
    this.detail = detail;
  }
}

/** True when `e` is a VerityError (also across bundle boundaries, where instanceof can fail). */
export function isVerityError(e: unknown): e is VerityError {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'VerityError' && typeof (e as { code?: unknown }).code === 'string';
}

/** Throws CANCELLED when the signal has been aborted. Call between units of work. */
export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw new VerityError('CANCELLED', 'Cancelled.');
}
