/**
 * Sentences that lean on the one before them: "It", "This", "These" … as the subject refer to the
 * previous claim's subject, so the sentence is checked with that subject in view ("Helm packages
 * the application. It makes upgrades easier." is checked as "Helm makes upgrades easier."). A
 * claim read without it would be judged against whatever passage shares its other words.
 */
import { partsOfSpeech } from './lexicon';

/** A pronoun as the subject, followed by the word that starts its predicate. */
const LEANING = /^(it|this|that|these|those|they)\s+([\p{L}'’-]+)/iu;
/** Words that open a predicate after a pronoun without being verbs in WordNet's sense. */
const PREDICATE_OPENERS = new Set(['is', 'are', 'was', 'were', 'can', 'cannot', 'will', 'would', 'should', 'may', 'might', 'must', 'has', 'have', 'had', 'does', 'do', 'did', 'also', 'only', 'then', 'still', 'not', "isn't", "aren't", "doesn't", "don't", "can't", "won't"]);
const DETERMINER = /^(the|a|an|this|that|these|those|your|our|its|their|each|every|any|some)$/i;
/** Words a subject phrase rarely runs past. */
const MAX_SUBJECT_WORDS = 4;

/**
 * The subject of a claim as written: its first noun phrase ("The Orchestrator plugin provides …" →
 * "The Orchestrator plugin"), up to the first word that reads as its verb. Undefined when the claim
 * itself opens with a pronoun, or nothing stands before a verb.
 */
export function subjectOf(claim: string): string | undefined {
  if (LEANING.test(claim)) return undefined;
  const words = claim.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? [];
  const taken: string[] = [];
  for (const w of words) {
    if (taken.length === 0 && DETERMINER.test(w)) {
      taken.push(w);
      continue;
    }
    const content = taken.filter((x) => !DETERMINER.test(x)).length;
    const capital = /^\p{Lu}/u.test(w) && content > 0;
    // a verb after the subject's first word ends it; a name goes on ("Red Hat Developer Hub")
    if (content > 0 && !capital && (PREDICATE_OPENERS.has(w.toLowerCase()) || partsOfSpeech(w).has('v'))) break;
    taken.push(w);
    if (content + 1 >= MAX_SUBJECT_WORDS) break;
  }
  const content = taken.filter((x) => !DETERMINER.test(x));
  return content.length > 0 && content.length < words.length ? taken.join(' ') : undefined;
}

/**
 * The claim with its pronoun subject replaced by `antecedent` (the previous claim's subject), or
 * undefined when the claim does not lean on the sentence before it. "This plugin …" names its own
 * subject and is left alone: only a bare pronoun followed by a predicate leans.
 */
export function withAntecedent(claim: string, antecedent: string | undefined): string | undefined {
  if (!antecedent) return undefined;
  const m = LEANING.exec(claim);
  if (!m) return undefined;
  const next = m[2]!;
  if (!PREDICATE_OPENERS.has(next.toLowerCase()) && !partsOfSpeech(next).has('v')) return undefined;
  // a noun after "this" is the demonstrative's own ("This setting is …"), not a verb
  if (/^(this|that|these|those)$/i.test(m[1]!) && partsOfSpeech(next).has('n') && !PREDICATE_OPENERS.has(next.toLowerCase()) && !/s$/i.test(next)) return undefined;
  return `${antecedent.replace(/^(the|a|an)\s+/i, (d) => d.charAt(0).toUpperCase() + d.slice(1))} ${claim.slice(m[1]!.length).trimStart()}`;
}
