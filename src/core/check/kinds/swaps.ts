/**
 * Swaps: two names of the claim that the source states, each in the other's place ("Nancy had
 * been true to Sikes" / "Sikes had been true to Nancy", "Prometheus displays the metrics that
 * Grafana collects" / "Grafana displays …"). The rest of the sentence keeps its order on both
 * sides, and the two names cross it: a word aligned between them in the claim stands outside the
 * pair in the source. Names listed in another order ("Grafana and Prometheus are …") cross no
 * word and are no swap; a sentence rewritten around its names ("Grafana collects the metrics that
 * Prometheus displays") moves its other words too and is no swap either.
 *
 * Two common words swap the same way ("Data is copied from the production cluster to the staging
 * cluster" / "from the staging cluster to the production cluster", "the replica node accepts
 * writes and the primary nodes serve reads"), but a sentence rewritten around two nouns is far
 * more often a paraphrase ("the form is signed by the applicant" / "the applicant signs the
 * form"): words count only where the text between them is the source's, word for word, with a
 * content word in it — the same frame with its two ends exchanged.
 */
import type { Atom, TokenAlignment } from '../alignment';
import { textOf, type ConflictKind, type Finding, type KindContext } from './kind';

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
    // tight when nothing else of the claim is left unaligned
    const whole = (): boolean => a.hunks.every((h) => h.claim.every((i) => a.claim[i]!.type !== 'word' && a.claim[i]!.type !== 'value'));
    const names = links.filter(([i]) => isName(i));
    if (names.length >= 2) {
      const rest = inClaimOrder(a, links.filter(([i]) => !isName(i)));
      if (inOrder(rest)) {
        for (const [i1, j1] of names) {
          for (const [i2, j2] of names) {
            if (i2 <= i1 || j2 >= j1 || a.claim[i1]!.surface.toLowerCase() === a.claim[i2]!.surface.toLowerCase()) continue;
            // a word between the two names in the claim that the source writes outside them
            if (!rest.some(([x, y]) => x > i1 && x < i2 && y > j2 && y < j1)) continue;
            const ct = textOf(ctx.claim, a.claim, [i1]);
            return { kind: 'swaps', display: 'name', claimText: ct.text, sourceText: a.source[j2]!.surface, claimStart: ct.start, claimEnd: ct.end, atoms: [i1, i2], sourceAtoms: [j2, j1], tight: whole() && rest.length > 0 };
          }
        }
      }
    }
    return wordsSwapped(ctx, links, whole);
  },
};

/** The text between two atoms of one side, in lower case with its spaces made one. */
const between = (text: string, x: Atom, y: Atom): string => text.slice(x.end, y.start).toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Two common words of the claim, each where the source writes the other, in the same frame: the
 * source's text between them, word for word, holding a content word, and everything else of
 * both sides in order (see the file comment).
 */
function wordsSwapped(ctx: KindContext, links: ReadonlyArray<readonly [number, number]>, whole: () => boolean): Finding | undefined {
  const { a } = ctx;
  const isWord = (i: number): boolean => (a.claim[i]!.type === 'word' || a.claim[i]!.type === 'value') && !a.claim[i]!.name;
  const moved = new Set(a.moved.map(([i]) => i));
  // (one of the two is out of order: the alignment keeps the other in place)
  for (const [i1, j1] of links) {
    for (const [i2, j2] of links) {
      if (i2 <= i1 || j2 >= j1 || (!moved.has(i1) && !moved.has(i2)) || !isWord(i1) || !isWord(i2) || a.claim[i1]!.key === a.claim[i2]!.key) continue;
      const frame = between(ctx.claim.text, a.claim[i1]!, a.claim[i2]!);
      if (frame !== between(ctx.source.text, a.source[j2]!, a.source[j1]!)) continue;
      // a content word in the frame (the same on both sides: the frames are the same text)
      if (!a.claim.some((x, i) => i > i1 && i < i2 && (x.type === 'word' || x.type === 'value'))) continue;
      const rest = inClaimOrder(a, links.filter(([i]) => i !== i1 && i !== i2));
      if (!inOrder(rest)) continue;
      const ct = textOf(ctx.claim, a.claim, [i1]);
      return { kind: 'swaps', display: 'order', claimText: ct.text, sourceText: a.source[j2]!.surface, claimStart: ct.start, claimEnd: ct.end, atoms: [i1, i2], sourceAtoms: [j2, j1], tight: whole() };
    }
  }
  return undefined;
}
