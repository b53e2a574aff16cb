/**
 * Which segments to merge next, by size tiers (as Lucene's tiered policy and Tantivy's log
 * merge policy do): segments of similar size are merged once there are `factor` of them, so
 * every passage is rewritten about log_factor(N) times over the life of an index, while one
 * saved edit adds one small segment. A segment whose passages are mostly deleted is rewritten on
 * its own (that is when dead passages leave the statistics), and one with nothing alive is dropped.
 */
import type { Segment } from './segment';

export interface MergePolicy {
  /** Segments per tier before they merge (default 10). */
  factor: number;
  /** Segments below this many passages share the lowest tier (default 2,000). */
  floor: number;
  /** Share of deleted passages at which a segment is rewritten alone (default 0.3). */
  deletedShare: number;
}

export const DEFAULT_MERGE_POLICY: MergePolicy = { factor: 10, floor: 2_000, deletedShare: 0.3 };

const alive = (s: Segment): number => s.liveCount + s.deadFiles.length - s.deadFiles.reduce((a, b) => a + b, 0);

/** The next merge to run (segments not in `busy`), or undefined when none is due. */
export function pickMerge(segments: readonly Segment[], busy: ReadonlySet<Segment>, policy: MergePolicy = DEFAULT_MERGE_POLICY): Segment[] | undefined {
  const free = segments.filter((s) => !busy.has(s));
  const dead = free.find((s) => alive(s) === 0);
  if (dead) return [dead];
  const tiers = new Map<number, Segment[]>();
  for (const s of free) {
    const size = Math.max(s.liveCount, policy.floor);
    const tier = Math.floor(Math.log(size / policy.floor) / Math.log(policy.factor) + 1e-9);
    const list = tiers.get(tier);
    if (list) list.push(s);
    else tiers.set(tier, [s]);
  }
  for (const tier of [...tiers.keys()].sort((a, b) => a - b)) {
    const list = tiers.get(tier)!;
    if (list.length >= policy.factor) return list.sort((a, b) => a.liveCount - b.liveCount).slice(0, policy.factor);
  }
  const holey = free.find((s) => s.docs >= policy.floor && (s.docs - s.liveCount) / s.docs >= policy.deletedShare);
  return holey ? [holey] : undefined;
}
