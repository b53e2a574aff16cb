/**
 * The conflict kinds, in the order they are asked: the first that recognises a substitution in
 * an alignment names it. Swaps come before names (a swap is two names, each in the other's place).
 */
import type { ConflictKind, Finding, KindContext } from './kind';
import { namesKind } from './names';
import { negationKind } from './negation';
import { oppositesKind } from './opposites';
import { quantifiersKind } from './quantifiers';
import { swapsKind } from './swaps';
import { valuesKind } from './values';

export type { ConflictKind, Finding, KindContext, KindId } from './kind';

export const CONFLICT_KINDS: readonly ConflictKind[] = [valuesKind, swapsKind, namesKind, negationKind, oppositesKind, quantifiersKind];

/** The first conflict any kind finds in an alignment, a tight one before a loose one. */
export function findConflict(ctx: KindContext): Finding | undefined {
  let loose: Finding | undefined;
  for (const k of CONFLICT_KINDS) {
    const f = k.find(ctx);
    if (f?.tight) return f;
    loose ??= f;
  }
  return loose;
}
