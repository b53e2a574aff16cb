/**
 * The lockbox: every dev set is split once, by document or question, into a part the team reads
 * (failures looked at, mechanisms found) and a part nobody opens by hand. Both parts are reported
 * side by side; a gain on the read part only is tuning, not progress. The calibration is fitted on
 * the read part only, so the lockbox figures are out of sample for it as well.
 *
 * The split is a hash of the set's name and the group's key with a fixed salt: it never changes
 * from run to run, and a new set is split before any of its output is printed.
 */
import { createHash } from 'node:crypto';

export type Part = 'read' | 'lockbox';

/** Share of every set's groups in the lockbox. */
export const LOCKBOX_SHARE = 1 / 3;
/** Changing the salt would re-deal every set: never do it once outputs have been read. */
const SALT = 'verity-lockbox-2026-11-25';

/** The part a group (a document, a question) of dev set `set` belongs to. */
export function partOf(set: string, group: string): Part {
  const h = createHash('sha256').update(`${SALT}\u0000${set}\u0000${group}`).digest();
  return h.readUInt32BE(0) / 2 ** 32 < LOCKBOX_SHARE ? 'lockbox' : 'read';
}

/** The records of one part. */
export function ofPart<T extends { part?: Part }>(records: readonly T[], part: Part): T[] {
  return records.filter((r) => (r.part ?? 'read') === part);
}
