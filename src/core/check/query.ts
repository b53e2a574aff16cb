/**
 * The index query for a claim: its rarest words, its names and values, the opposites of a word no
 * passage holds, and the parts of compounds and dotted keys the index keeps whole or apart.
 */
import { antonymsOf, withoutNegatingPrefix } from './antonyms';
import type { Profile } from './profile';

/** Words of a claim used as its index query. */
const QUERY_TERMS = 10;
/**
 * Query words beyond the rarest {@link MIN_QUERY_TERMS} are left out when more than this share
 * of passages, and at least {@link MIN_COMMON_DF} of them, hold them: only long posting lists cost
 * time, so small workspaces keep every query word. Chosen on the check benchmark at 100k passages
 * (p95 roughly halved) with every `npm run eval:check` figure unchanged; 5% with 3 kept words cost
 * a third of the name perturbations.
 */
const COMMON_SHARE = 0.1;
const MIN_COMMON_DF = 200;
const MIN_QUERY_TERMS = 5;
/** The IDF below which a word counts as common in an index of `n` passages. */
export function commonIdf(n: number): number {
  const df = Math.max(COMMON_SHARE * n, MIN_COMMON_DF);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}
/** Opposites of an absent claim word added to its index query, at most. */
const MAX_OPPOSITES = 3;
/** A word's opposites: the word without a negating prefix, then its WordNet antonyms. */
function oppositesOf(term: string): string[] {
  const out: string[] = [];
  const base = withoutNegatingPrefix(term);
  if (base !== undefined) out.push(base);
  for (const a of antonymsOf(term) ?? []) if (!out.includes(a)) out.push(a);
  return out;
}
/** Numbers joined by hyphens, which the analyzer keeps as one term ("1-888-356-7770", "30-45"). */
const JOINED_NUMBERS = /(?<![\p{L}\p{N}.])\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)+(?![\p{L}\p{N}])/gu;
/**
 * Letters and digits joined by hyphens ("UTF-16LE", "SHA-256", "ISO-8859-1"), which the analyzer
 * keeps as one term while a claim's profile reads a name and a value ("UTF", 16): only the whole
 * word reaches the passages that write it.
 */
const CODE_WORDS = /(?<![\p{L}\p{N}.-])(?=[\p{L}\p{N}-]*\p{L})(?=[\p{L}\p{N}-]*\p{N})[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+(?![\p{L}\p{N}-])/gu;

/**
 * The index query for a claim: its rarest words and its values. Common words add long postings
 * lists (slow) and little ranking signal, so only the {@link QUERY_TERMS} rarest are kept.
 */
export function searchQuery(cp: Profile, idf: (t: string) => number, common: number, absent: (t: string) => boolean): string {
  const ranked = [...new Set(cp.terms)].sort((a, b) => idf(b) - idf(a)).slice(0, QUERY_TERMS);
  // words in many passages have the longest posting lists and decide little: leave them out,
  // keeping the rarest few whatever their frequency
  const unique = ranked.filter((t, i) => i < MIN_QUERY_TERMS || idf(t) >= common);
  // a word no passage holds may be the opposite of the one the source uses ("disqualify" for
  // "qualify", "lose" for "find"): its opposites bring the sentence that contradicts it
  for (const t of ranked) {
    if (!absent(t)) continue;
    for (const o of oppositesOf(t).slice(0, MAX_OPPOSITES)) if (!unique.includes(o)) unique.push(o);
  }
  // the names are who and what the claim is about: a common one ("PostgreSQL" in a database
  // guide) still has to reach the candidates, or the claim is judged without its subject
  for (const n of cp.names) if (!unique.includes(n)) unique.push(n);
  const words = unique.map((t) => cp.surface.get(t) ?? t);
  // the index holds a compound as one term: its parts reach passages that write them apart
  // ("Toll Free" for "toll-free"), and numbers joined by hyphens are one term ("1-888-356-7770", "30-45")
  const parts = words.filter((w) => w.includes('-') || (w.includes('.') && !/\d/.test(w))).flatMap((w) => w.split(/[-.]/).filter((p) => /\p{L}{3,}/u.test(p)));
  const codes = cp.text.match(CODE_WORDS) ?? [];
  return [...words, ...parts, ...(cp.text.match(JOINED_NUMBERS) ?? []), ...codes, ...cp.values.map((v) => v.surface)].join(' ');
}

/**
 * Share of the candidates one file may take while others have hits: short sections of one file
 * whose headings repeat the query's words ("Diagnostics Channel Support > undici:request:…") can
 * fill every slot above the long passage of another file that holds the claim's sentence.
 */
const PER_FILE_SHARE = 0.625;

/**
 * The `k` candidates of a claim from its hits (best first, more than `k` of them): excluded paths
 * left out, and no file past {@link PER_FILE_SHARE} of the slots while another file's hits wait;
 * the slots still open then go to the best hits passed over.
 */
export function candidateHits<P extends { id: string; path: string }>(hits: readonly P[], k: number, exclude: ReadonlySet<string>): P[] {
  const cap = Math.max(1, Math.ceil(k * PER_FILE_SHARE));
  const perFile = new Map<string, number>();
  const taken: P[] = [];
  const passed: P[] = [];
  for (const h of hits) {
    if (taken.length >= k) break;
    if (exclude.has(h.path)) continue;
    const n = perFile.get(h.path) ?? 0;
    if (n >= cap) {
      passed.push(h);
      continue;
    }
    perFile.set(h.path, n + 1);
    taken.push(h);
  }
  for (const h of passed) {
    if (taken.length >= k) break;
    taken.push(h);
  }
  return taken;
}
