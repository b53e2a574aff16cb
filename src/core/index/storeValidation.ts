/**
 * What a loaded snapshot must look like before anything in it is trusted. A store folder is just
 * files: one shipped in a repository, or edited by hand, can hold a passage whose path climbs
 * out of the workspace (`../../../../etc/passwd`) or lacks its text. Such a snapshot is refused
 * as a whole (the caller rebuilds from the documents); nothing of it is shown.
 */
import type { FileRecord, Passage } from '../types';

/** Longest stored path accepted (longer than any real workspace path). */
const MAX_PATH = 4096;

/**
 * True for a workspace-relative path with forward slashes that stays inside its root: not
 * absolute, no drive letter, no NUL, no empty, `.` or `..` segment — and no `.`/`..` between
 * backslashes either, which Windows reads as separators. Other characters are legal in file
 * names (a name may hold a backslash or a control character on POSIX) and are escaped on output.
 */
export function isSafeRelativePath(p: unknown, maxLength = MAX_PATH): p is string {
  if (typeof p !== 'string' || p.length === 0 || p.length > maxLength) return false;
  const n = p.length;
  const c0 = p.charCodeAt(0);
  if (c0 === SLASH || c0 === BACKSLASH || (n > 1 && p.charCodeAt(1) === COLON && ((c0 | 32) >= 97 && (c0 | 32) <= 122))) return false;
  // one pass (a store's open checks every path of every segment: 40,000 at 20,000 files): no
  // NUL, no empty segment between slashes, no `.` or `..` between slashes or backslashes
  let lastSlash = -1;
  let segStart = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? p.charCodeAt(i) : SLASH;
    if (c === 0) return false;
    if (c !== SLASH && c !== BACKSLASH) continue;
    const len = i - segStart;
    if ((len === 1 || len === 2) && p.charCodeAt(segStart) === DOT && (len === 1 || p.charCodeAt(segStart + 1) === DOT)) return false;
    segStart = i + 1;
    if (c === SLASH) {
      if (i === lastSlash + 1) return false;
      lastSlash = i;
    }
  }
  return true;
}

const SLASH = 47;
const BACKSLASH = 92;
const COLON = 58;
const DOT = 46;

const isInt = (v: unknown, min: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min;
const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isStrArray = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Why a stored passage is unusable, or undefined when it is well-formed. */
export function passageProblem(p: unknown): string | undefined {
  if (typeof p !== 'object' || p === null) return 'a passage is not an object';
  const q = p as Partial<Record<keyof Passage, unknown>>;
  if (typeof q.id !== 'string' || q.id === '') return 'a passage has no id';
  if (!isSafeRelativePath(q.path)) return `passage ${q.id.slice(0, 40)} has an unsafe path`;
  if (q.kind !== 'md' && q.kind !== 'pdf') return `passage ${q.id.slice(0, 40)} has an unknown kind`;
  if (typeof q.text !== 'string') return `passage ${q.id.slice(0, 40)} has no text`;
  if (typeof q.hash !== 'string') return `passage ${q.id.slice(0, 40)} has no hash`;
  if (!isStrArray(q.headings)) return `passage ${q.id.slice(0, 40)} has malformed headings`;
  if (!isInt(q.startLine, 0) || !isInt(q.endLine, 0)) return `passage ${q.id.slice(0, 40)} has malformed lines`;
  if (q.title !== undefined && typeof q.title !== 'string') return `passage ${q.id.slice(0, 40)} has a malformed title`;
  if (q.page !== undefined && !isInt(q.page, 1)) return `passage ${q.id.slice(0, 40)} has a malformed page`;
  if ((q.pageWidth !== undefined && !isNum(q.pageWidth)) || (q.pageHeight !== undefined && !isNum(q.pageHeight))) return `passage ${q.id.slice(0, 40)} has a malformed page size`;
  if (q.boxes !== undefined && !(Array.isArray(q.boxes) && q.boxes.every((b) => typeof b === 'object' && b !== null && Object.values(b).every(isNum)))) {
    return `passage ${q.id.slice(0, 40)} has malformed boxes`;
  }
  return undefined;
}

/**
 * Longest path accepted in the record of a skipped file: the listing reports folders and files it
 * could not read by their path, which may be longer than any path the system can open (that is
 * why it was skipped). Such a record has no passages and is only shown, escaped.
 */
const MAX_SKIPPED_PATH = 65_536;

/**
 * True for the path of a skipped file's record: a safe relative path as above, or an unreadable
 * folder's (`sub/`, ending in one `/`), up to {@link MAX_SKIPPED_PATH} characters. Nothing else
 * is relaxed: no empty, `.` or `..` segment, no absolute path, no NUL.
 */
function isSafeSkippedPath(p: unknown): boolean {
  return typeof p === 'string' && isSafeRelativePath(p.endsWith('/') ? p.slice(0, -1) : p, MAX_SKIPPED_PATH);
}

/** Why a stored file record is unusable, or undefined when it is well-formed. */
export function fileRecordProblem(f: unknown): string | undefined {
  if (typeof f !== 'object' || f === null) return 'a file record is not an object';
  const r = f as Partial<Record<keyof FileRecord, unknown>>;
  const pathOk = r.state === 'skipped' && r.passages === 0 ? isSafeSkippedPath(r.path) : isSafeRelativePath(r.path);
  if (!pathOk) return 'a file record has an unsafe path';
  if (r.kind !== 'md' && r.kind !== 'pdf') return 'a file record has an unknown kind';
  if (r.state !== 'indexed' && r.state !== 'skipped') return 'a file record has an unknown state';
  if (typeof r.hash !== 'string' || !isNum(r.size) || !isNum(r.mtime) || !isInt(r.passages, 0)) return 'a file record has malformed fields';
  if ((r.reason !== undefined && typeof r.reason !== 'string') || (r.message !== undefined && typeof r.message !== 'string')) return 'a file record has a malformed reason';
  return undefined;
}
