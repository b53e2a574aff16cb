/**
 * Swaps: two names of the claim that the source states, each in the other's place ("Nancy had
 * been true to Sikes" / "Sikes had been true to Nancy", "Prometheus displays the metrics that
 * Grafana collects" / "Grafana displays …"). The rest of the sentence keeps its order on both
 * sides, and the two names cross it: a word aligned between them in the claim stands outside the
 * pair in the source. Names listed in another order ("Grafana and Prometheus are …") cross no
 * word and are no swap; a sentence rewritten around its names ("Grafana collects the metrics that
 * Prometheus displays") moves its other words too and is no swap either.
 */
import type { TokenAlignment } from '../alignment';
import { textOf, type ConflictKind } from './kind';

/**
 * The atoms aligned outside the names in claim order, a word written twice given its source
 * places in order ("select Done then select Submit": the alignment may cross the two "select").
 */
function inClaimOrder(a: TokenAlignment, links: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const sorted = [...links].sort((x, y) => x[0] - y[0]);
  const places = new Map<string, number[]>();
  for (const [i, j] of sorted) {
    const key = a.claim[i]!.key;
    places.set(key, [...(places.get(key) ?? []), j]);
  }
  for (const js of places.values()) js.sort((x, y) => x - y);
  return sorted.map(([i]) => [i, places.get(a.claim[i]!.key)!.shift()!]);
}

/** Whether links in claim order keep their order in the source. */
const inOrder = (links: ReadonlyArray<readonly [number, number]>): boolean => links.every((l, k) => k === 0 || l[1] > links[k - 1]![1]);

export const swapsKind: ConflictKind = {
  id: 'swaps',
  find(ctx) {
    const { a } = ctx;
    const links = [...a.pairs, ...a.moved];
    const isName = (i: number): boolean => a.claim[i]!.name && a.claim[i]!.type === 'word';
    const names = links.filter(([i]) => isName(i));
    if (names.length < 2) return undefined;
    const rest = inClaimOrder(a, links.filter(([i]) => !isName(i)));
    if (!inOrder(rest)) return undefined;
    for (const [i1, j1] of names) {
      for (const [i2, j2] of names) {
        if (i2 <= i1 || j2 >= j1 || a.claim[i1]!.surface.toLowerCase() === a.claim[i2]!.surface.toLowerCase()) continue;
        // a word between the two names in the claim that the source writes outside them
        if (!rest.some(([x, y]) => x > i1 && x < i2 && y > j2 && y < j1)) continue;
        const ct = textOf(ctx.claim, a.claim, [i1]);
        // tight when nothing else of the claim is left unaligned
        const whole = a.hunks.every((h) => h.claim.every((i) => a.claim[i]!.type !== 'word' && a.claim[i]!.type !== 'value'));
        return { kind: 'swaps', display: 'name', claimText: ct.text, sourceText: a.source[j2]!.surface, claimStart: ct.start, claimEnd: ct.end, atoms: [i1, i2], sourceAtoms: [j2, j1], tight: whole && rest.length > 0 };
      }
    }
    return undefined;
  },
};
