/**
 * Which of a claim's values and names an evidence window states: a value in any unit that states
 * the same quantity, a name as written, by its initials or spelt out ("United States" / "US",
 * "ACS" / "American Cancer Society"), or by an equivalent form from the user's glossary.
 */
import type { Unit } from './units';
import { hasTerm } from './unitWords';
import type { Profile, Value } from './profile';
import { states } from './quantities';
import { stem } from '../text/analyzer';

/** Claim values that no unit of the window states. */
export function unstatedValues(claim: Profile, window: readonly Unit[]): Value[] {
  const seen = new Set<string>();
  const out: Value[] = [];
  for (const c of claim.values) {
    const key = `${c.v} ${c.unit}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!window.some((u) => u.profile.values.some((w) => states(w, c)))) out.push(c);
  }
  return out;
}

/**
 * Claim names (terms) that no unit of the window holds, as written, by initials, spelt out, or in
 * an equivalent form (`equivalent`, the glossary).
 */
export function unstatedNames(claim: Profile, window: readonly Unit[], equivalent?: (a: string, b: string) => boolean): string[] {
  const missing = [...claim.names].filter((n) => !window.some((u) => hasTerm(u.termSet, n)));
  if (missing.length === 0) return missing;
  const stated = new Set<string>();
  const claimRuns = initialisms(claim);
  for (const u of window) {
    for (const [abbr, run] of claimRuns) if (hasTerm(u.termSet, abbr)) for (const t of run) stated.add(t);
    for (const [abbr, run] of initialisms(u.profile)) if (claim.names.has(abbr) && run.every((t) => !claim.names.has(t) || stated.has(t))) stated.add(abbr);
    if (equivalent) {
      for (const n of missing) {
        const surface = claim.surface.get(n) ?? n;
        if ([...u.profile.names].some((m) => equivalent(surface, u.profile.surface.get(m) ?? m)) || equivalent(surface, u.profile.text)) stated.add(n);
      }
    }
  }
  return missing.filter((n) => !stated.has(n));
}

/** Whether terms `i` and `j` of `p` are written next to each other (white space only between). */
function adjacent(p: Profile, i: number, j: number): boolean {
  const a = p.spans.get(p.terms[i]!);
  const b = p.spans.get(p.terms[j]!);
  return a !== undefined && b !== undefined && b[0] > a[1] && /^\s+$/.test(p.text.slice(a[1], b[0]));
}

const initialismCache = new WeakMap<Profile, Map<string, string[]>>();
/**
 * The runs of two or more adjacent capitalised names of a profile by their initials, in lower
 * case as terms are ("United States" → 'us'), cached per profile.
 */
function initialisms(p: Profile): Map<string, string[]> {
  let m = initialismCache.get(p);
  if (m) return m;
  m = new Map();
  for (let i = 0; i < p.terms.length; i++) {
    if (!p.names.has(p.terms[i]!)) continue;
    let b = i;
    while (b + 1 < p.terms.length && p.names.has(p.terms[b + 1]!) && adjacent(p, b, b + 1)) b++;
    if (b > i) {
      const run = p.terms.slice(i, b + 1);
      const initials = run.map((t) => (p.surface.get(t) ?? t)[0]!).join('');
      if (/^\p{Lu}+$/u.test(initials)) m.set(stem(initials.toLowerCase()), run);
    }
    i = b;
  }
  initialismCache.set(p, m);
  return m;
}
