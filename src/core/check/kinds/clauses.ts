/**
 * Clauses of a sentence for the negation kind: polarity is compared clause by clause, and what a
 * negation denies is read within its clause.
 */
import type { Atom } from '../alignment';

/**
 * What ends a clause: punctuation, a conjunction that opens a contrast or a reason, or "and" /
 * "or" before a new subject ("The token never expires and the client does not renew it": two
 * clauses, each with its own polarity; "not red and blue" stays one).
 */
const CLAUSE_BREAK = /[,;:()]|\b(whereas|while|but|however|although|though|because|since|so that|unlike)\b|\b(?:and|or)\b(?=\s+(?:the|a|an|you|it|they|we|he|she|this|that|these|those|there|his|her|its|their|your|our|i)\b)/gi;
/** The same without "and" / "or": the wider clause a second negation may cancel a negation in. */
const WIDE_CLAUSE_BREAK = /[,;:()]|\b(whereas|while|but|however|although|though|because|since|so that|unlike)\b/gi;

/** The [start, end) of the clause of `text` around offset `at` (`wide`: coordinated clauses taken as one). */
export function clauseAround(text: string, at: number, wide = false): [number, number] {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(wide ? WIDE_CLAUSE_BREAK : CLAUSE_BREAK)) {
    if (m.index + m[0].length <= at) start = m.index + m[0].length;
    else if (m.index >= at) {
      end = m.index;
      break;
    }
  }
  return [start, end];
}

/**
 * Negations among `negs` in the clause around atom `g` of one side: a sentence of two clauses
 * ("tartrate does not stay in the bloodstream for 24 hours, whereas succinate stays …") holds both
 * polarities, and only the clause of the word in question counts.
 */
export function inClause(atoms: readonly Atom[], text: string, negs: ReadonlyArray<{ k: number; g: number }>, g: number): number {
  const [from, to] = clauseAround(text, atoms[g]!.start);
  // a negation that governs this very word counts wherever a comma puts it ("not, therefore, required")
  return negs.filter((n) => n.g === g || (atoms[n.k]!.start >= from && atoms[n.k]!.end <= to)).length;
}

/**
 * Whether the negated side says more inside the negation's clause, after the word it governs,
 * than the other side states anywhere: "do not use a high pressure hose" denies using that hose,
 * not "using a hose"; "would not install Network Policies when the flavor was deployed with X
 * disabled" denies one case, not "installs them when the orchestrator is enabled". Under a
 * negation a narrower phrase gives a weaker denial (natural logic: negation reverses
 * monotonicity), so the two sides are independent, not opposed.
 */
export function narrowedUnderNegation(atoms: readonly Atom[], text: string, g: number, stated: readonly boolean[]): boolean {
  const [from, to] = clauseAround(text, atoms[g]!.start);
  return atoms.some((x, i) => i > g && x.start >= from && x.end <= to && (x.type === 'word' || x.type === 'value') && !stated[i]);
}

/**
 * Whether the clause around atom `g` holds a negation besides the active ones `negs` that the
 * other side does not hold in the same place (`aligned`): a negation both sides state ("Prevent
 * re-including a file if …", "… resolves to nothing") is common to both and cancels nothing.
 */
export function otherNegations(atoms: readonly Atom[], text: string, negs: ReadonlyArray<{ k: number }>, g: number, aligned: readonly boolean[]): boolean {
  // (over coordinated clauses too: a negation there that governs nothing aligned may be this one
  // said again, "… do not have to be from New York and they do not have to be current")
  const [from, to] = clauseAround(text, atoms[g]!.start, true);
  return atoms.some((x, k) => x.negates && !aligned[k] && x.start >= from && x.end <= to && !negs.some((n) => n.k === k));
}
