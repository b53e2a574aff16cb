/**
 * Acronyms against the names they spell, for the token alignment (alignment.ts): "US" and "United
 * States", "RHDH" and "Red Hat Developer Hub" state the same thing, though no single atom of one
 * side matches an atom of the other.
 */

/** An acronym's letters as compared: no dots, no plural "s" ("U.S." and "US", "APIs" and "API"). */
export const acronymLetters = (surface: string): string => surface.replace(/\./g, '').replace(/s$/, '').toUpperCase();

/** What an alignment atom must tell about itself here (alignment.ts's Atom has it all). */
export interface NameAtom {
  type: string;
  surface: string;
  /** A word written as a name. */
  name: boolean;
  /** A name written in capitals ("HTTPS", "SSA"). */
  acronym: boolean;
}

/**
 * An acronym of one side left unaligned states the run of names of the other side whose initials it
 * spells ("US" / "United States", "RHDH" / "Red Hat Developer Hub"): the acronym and every word of
 * the run are aligned, in order where the run sits between the acronym's aligned neighbours, else
 * as moved. `a` holds the acronyms, `b` the runs; `flipped` when `a` is the source side (the pairs
 * are [claim, source]). True when it aligned any (the pairs may then be out of order).
 */
export function spellOut(a: readonly NameAtom[], b: readonly NameAtom[], pairs: Array<[number, number]>, moved: Array<[number, number]>, aDone: boolean[], bDone: boolean[], flipped: boolean): boolean {
  let paired = false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (aDone[i] || !x.acronym) continue;
    const spelled = acronymLetters(x.surface);
    if (spelled.length < 2) continue;
    for (let j = 0; j + spelled.length <= b.length; j++) {
      let k = 0;
      while (k < spelled.length) {
        const y = b[j + k]!;
        if (bDone[j + k] || y.type !== 'word' || !y.name || y.acronym || y.surface[0]!.toUpperCase() !== spelled[k]) break;
        k++;
      }
      if (k < spelled.length) continue;
      aDone[i] = true;
      for (let t = 0; t < k; t++) bDone[j + t] = true;
      // in order when no aligned pair crosses it: every pair before the acronym is before the run
      const ordered = pairs.every(([ci, sj]) => {
        const [ai, bj] = flipped ? [sj, ci] : [ci, sj];
        return ai < i ? bj < j : bj > j + k - 1;
      });
      const runPairs: Array<[number, number]> = Array.from({ length: k }, (_, t) => (flipped ? [j + t, i] : [i, j + t]));
      if (ordered) {
        pairs.push(...(flipped ? runPairs : [runPairs[0]!]));
        paired = true;
      } else moved.push(...(flipped ? runPairs : [runPairs[0]!]));
      break;
    }
  }
  return paired;
}
