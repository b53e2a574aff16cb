/**
 * Swaps: two names of the claim that the source states, each in the other's place ("Prometheus
 * displays the metrics that Grafana collects" / "Grafana displays the metrics that Prometheus
 * collects"). In the alignment both are moved atoms, and each stands in the stretch of the source
 * where the other stands in the claim. Names listed in another order ("Grafana and Prometheus
 * are …") move only one of them and are no swap.
 */
import type { TokenAlignment } from '../alignment';
import { textOf, type ConflictKind } from './kind';

/** The stretch between aligned atoms (0 before the first pair) that claim atom `i` or source atom `j` falls in. */
function region(a: TokenAlignment, at: number, side: 0 | 1): number {
  let k = 0;
  while (k < a.pairs.length && a.pairs[k]![side] < at) k++;
  return k;
}

export const swapsKind: ConflictKind = {
  id: 'swaps',
  find(ctx) {
    const { a } = ctx;
    const names = a.moved.filter(([i]) => a.claim[i]!.name && a.claim[i]!.type === 'word');
    for (const [i1, j1] of names) {
      for (const [i2, j2] of names) {
        if (i2 <= i1 || a.claim[i1]!.key === a.claim[i2]!.key) continue;
        const r = (x: number, side: 0 | 1): number => region(a, x, side);
        if (r(i1, 0) === r(i2, 0)) continue;
        if (r(i1, 0) !== r(j2, 1) || r(i2, 0) !== r(j1, 1)) continue;
        const ct = textOf(ctx.claim, a.claim, [i1]);
        // tight when nothing else of the claim is left unaligned
        const rest = a.hunks.every((h) => h.claim.every((i) => a.claim[i]!.type !== 'word' && a.claim[i]!.type !== 'value'));
        return { kind: 'swaps', display: 'name', claimText: ct.text, sourceText: a.source[j2]!.surface, claimStart: ct.start, claimEnd: ct.end, atoms: [i1, i2], tight: rest && a.pairs.length > 0 };
      }
    }
    return undefined;
  },
};
