/**
 * The figures `npm run eval:check` prints from what the product showed (verdicts with the shipped
 * calibration): false alarms on correct natural text, each conflict kind's false alarms and the
 * perturbations it catches, and the perturbation sets per kind — each for the part of every dev
 * set the team reads and for its lockbox (lockbox.ts), side by side.
 */
import { partOfRecord, type Dataset, type SentenceRecord } from './checkData';
import { type Part } from './lockbox';
import { FLIP_KINDS, UNSUPPORTED_KINDS } from './perturb';

const PARTS: Part[] = ['read', 'lockbox'];
const pct = (n: number, d: number): string => (d ? ((100 * n) / d).toFixed(1) + '%' : '-').padStart(6);
const pad = (s: string | number, n: number): string => String(s).padStart(n);

/** The conflict kinds of the checker (src/core/check/kinds/), and the kind of a conflict the product named. */
export const CONFLICT_KINDS = ['values', 'names', 'swaps', 'negation', 'opposites', 'quantifiers'] as const;
export type ConflictKindId = (typeof CONFLICT_KINDS)[number];
export function kindOfConflict(conflict: string | undefined): ConflictKindId | undefined {
  if (!conflict) return undefined;
  if ((CONFLICT_KINDS as readonly string[]).includes(conflict)) return conflict as ConflictKindId;
  switch (conflict) {
    case 'number': case 'unit': case 'date': case 'range': return 'values';
    case 'name': return 'names';
    case 'swap': return 'swaps';
    case 'negation': return 'negation';
    case 'antonym': return 'opposites';
    case 'quantifier': return 'quantifiers';
    default: return undefined;
  }
}

/** Which perturbation kinds each conflict kind is meant to catch. */
const CAUGHT_BY: Record<ConflictKindId, string[]> = {
  values: ['number', 'number-word', 'unit', 'date', 'range'],
  names: ['name', 'name-org', 'name-place', 'name-code'],
  swaps: ['name-swap'],
  negation: ['negation-added', 'negation-removed'],
  opposites: ['antonym', 'opposite-verb', 'opposite-adjective', 'setting-value'],
  quantifiers: ['quantifier', 'only'],
};

const claims = (rs: SentenceRecord[]): SentenceRecord[] => rs.filter((r) => r.shown && r.shown.verdict !== 'not_claim');
const isFlagged = (v: string | undefined): boolean => v === 'unsupported' || v === 'contradicted';

/** A natural-text set: the records of correct text (gold false) it holds. */
export interface NaturalSet { label: string; records: SentenceRecord[] }

/** The natural sets out of all records: RHDH reference answers, doc2dial agent turns, RAGTruth sentences no span covers (both modes). */
export function naturalSets(records: SentenceRecord[]): NaturalSet[] {
  const of = (ds: Dataset): SentenceRecord[] => records.filter((r) => r.ds === ds && !r.gold);
  return [
    { label: 'rhdh reference answers (--store)', records: of('natural-rhdh') },
    { label: 'doc2dial agent turns (--store)', records: of('natural-doc2dial') },
    { label: 'ragtruth, no labelled span (a) --docs', records: of('ragtruth') },
    { label: 'ragtruth, no labelled span (b) --store', records: of('ragtruth-store') },
  ];
}

/** Prints the natural-text table: per set and part, claims and the share of each verdict. */
export function printNatural(sets: NaturalSet[], log: (l: string) => void): void {
  log('\n== correct natural text, as the product shows it (shipped calibration); every claim here is right');
  log(`${'set'.padEnd(40)} ${'part'.padEnd(8)} ${'claims'.padStart(6)}  ${'contradicted'.padStart(12)} ${'(clear)'.padStart(8)}  ${'unsupported'.padStart(11)}  ${'supported'.padStart(9)} ${'(clear)'.padStart(8)}`);
  for (const s of sets) {
    for (const part of PARTS) {
      const cs = claims(s.records.filter((r) => partOfRecord(r) === part));
      const n = (f: (r: SentenceRecord) => boolean): number => cs.filter(f).length;
      const contra = n((r) => r.shown!.verdict === 'contradicted');
      const contraClear = n((r) => r.shown!.verdict === 'contradicted' && r.shown!.certainty === 'clear');
      const uns = n((r) => r.shown!.verdict === 'unsupported');
      const sup = n((r) => r.shown!.verdict === 'supported');
      const supClear = n((r) => r.shown!.verdict === 'supported' && r.shown!.certainty === 'clear');
      log(`${(part === 'read' ? s.label : '').padEnd(40)} ${part.padEnd(8)} ${pad(cs.length, 6)}  ${pct(contra, cs.length)} ${pad(contra, 5)} ${pct(contraClear, cs.length)}  ${pct(uns, cs.length)} ${pad(uns, 4)}  ${pct(sup, cs.length)} ${pct(supClear, cs.length)}`);
    }
  }
  log('  targets: contradicted <= 0.3% (doc2dial agent turns <= 0.5%), clear contradicted <= 0.1%; rhdh reference answers unsupported <= 5%');
}

/** RAGTruth: of the sentences called contradicted, the share that overlaps a labelled span, per mode and part. */
export function printRagContradictions(records: SentenceRecord[], log: (l: string) => void): void {
  log('\nragtruth: sentences called contradicted that overlap a labelled span (target >= 60%)');
  for (const ds of ['ragtruth', 'ragtruth-store'] as const) {
    const cells = PARTS.map((part) => {
      const c = records.filter((r) => r.ds === ds && partOfRecord(r) === part && r.shown?.verdict === 'contradicted');
      const right = c.filter((r) => r.gold).length;
      const clear = c.filter((r) => r.shown!.certainty === 'clear');
      return `${part} ${right}/${c.length} (${pct(right, c.length).trim()}; clear ${clear.filter((r) => r.gold).length}/${clear.length})`;
    });
    log(`  ${ds === 'ragtruth' ? '(a) --docs ' : '(b) --store'}  ${cells.join('   ')}`);
  }
}

/**
 * Per conflict kind: its false alarms on the natural sets (contradicted, all and clear, as a share
 * of their claim sentences) and, on the perturbation sets, the share of the kinds it is meant to
 * catch that it names (contradicted by this kind) and that are flagged at all.
 */
export function printConflictKinds(records: SentenceRecord[], sets: NaturalSet[], log: (l: string) => void): void {
  log('\n== conflict kinds: false alarms on correct natural text (budget 0.1% of claim sentences) and perturbations caught');
  const perturbed = records.filter((r) => r.gold && r.kind && r.ds.startsWith('perturb'));
  for (const part of PARTS) {
    const natural = claims(sets.flatMap((s) => s.records).filter((r) => partOfRecord(r) === part));
    const pert = perturbed.filter((r) => partOfRecord(r) === part);
    log(`  ${part} part: ${natural.length} natural claim sentences`);
    for (const k of CONFLICT_KINDS) {
      const fa = natural.filter((r) => r.shown!.verdict === 'contradicted' && kindOfConflict(r.shown!.conflict) === k);
      const faClear = fa.filter((r) => r.shown!.certainty === 'clear');
      const mine = pert.filter((r) => CAUGHT_BY[k].includes(r.kind!));
      const named = mine.filter((r) => r.shown?.verdict === 'contradicted' && kindOfConflict(r.shown.conflict) === k);
      const flagged = mine.filter((r) => isFlagged(r.shown?.verdict));
      log(`    ${k.padEnd(12)} false alarms ${pad(fa.length, 3)} ${pct(fa.length, natural.length)} (clear ${pad(faClear.length, 3)} ${pct(faClear.length, natural.length)})   perturbations n=${pad(mine.length, 4)}  named by it ${pct(named.length, mine.length)}  flagged ${pct(flagged.length, mine.length)}`);
    }
  }
}

/** Per perturbation corpus, part and kind: flagged, contradicted, "supported, clear"; originals passing. */
export function printPerturbations(label: string, recs: SentenceRecord[], log: (l: string) => void): void {
  log(`\n== ${label}: product verdicts (shipped calibration); targets: every kind flagged >= 90% (name-swap >= 85%), originals supported >= 97%, no flipped meaning "supported, clear"`);
  const kinds = [...new Set(recs.filter((r) => r.gold).map((r) => r.kind!))];
  log(`  ${'kind'.padEnd(20)} ${PARTS.map((p) => `${p.padEnd(7)} n   flagged contradicted sup.clear`).join('   ')}`);
  for (const k of kinds) {
    const cells = PARTS.map((part) => {
      const rs = recs.filter((r) => r.gold && r.kind === k && partOfRecord(r) === part);
      const fl = rs.filter((r) => isFlagged(r.shown?.verdict)).length;
      const co = rs.filter((r) => r.shown?.verdict === 'contradicted').length;
      const sc = rs.filter((r) => r.shown?.verdict === 'supported' && r.shown.certainty === 'clear').length;
      return `${''.padEnd(7)}${pad(rs.length, 4)} ${pct(fl, rs.length)} ${pct(co, rs.length)} ${pad(sc, 9)}`;
    });
    const tag = UNSUPPORTED_KINDS.has(k) ? ' (right verdict: unsupported)' : FLIP_KINDS.has(k) ? ' (flip)' : '';
    log(`  ${(k + tag).padEnd(20)} ${cells.join('   ')}`);
  }
  const orig = PARTS.map((part) => {
    const rs = recs.filter((r) => !r.gold && r.shown && r.shown.verdict !== 'not_claim' && partOfRecord(r) === part);
    return `${part} ${pct(rs.filter((r) => r.shown!.verdict === 'supported').length, rs.length)} of ${rs.length}`;
  });
  log(`  originals supported: ${orig.join('   ')}`);
}

/** The records of one part of one dataset group, for figures replayed from features (cross-validation). */
export function partRecords(records: SentenceRecord[], part: Part): SentenceRecord[] {
  return records.filter((r) => partOfRecord(r) === part);
}
