/**
 * Stored fields: each passage as one JSON record (everything but its path, which the segment's
 * path table holds) in the segment's stored-fields file, read by offset when a hit, a snippet
 * or a re-ranking needs its text. JSON keeps every Passage field, including ones added later.
 * A record is data from disk: it is checked like any stored passage before it is used.
 */
import type { Passage } from '../types';
import { FormatError } from './bytes';
import { passageProblem } from './storeValidation';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The stored record of a passage (JSON text; the segment writer stores it as UTF-8). */
export function encodeRecord(p: Passage): string {
  return JSON.stringify({ ...p, path: undefined });
}

/** The passage of a stored record at `path`; throws FormatError when it is not a valid passage. */
export function decodeRecord(bytes: Uint8Array, path: string): Passage {
  let raw: unknown;
  try {
    raw = JSON.parse(decoder.decode(bytes));
  } catch {
    throw new FormatError('a stored passage is not readable JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new FormatError('a stored passage is not an object');
  const p = { ...(raw as object), path } as Passage;
  const problem = passageProblem(p);
  if (problem !== undefined) throw new FormatError(problem);
  return p;
}
