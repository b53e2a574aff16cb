/**
 * Fitting and scoring the checker's calibration on sentence records: a weighted logistic model
 * over the features, contradiction alignment thresholds, and the support threshold; plus the
 * metrics `npm run eval:check` reports and grouped k-fold cross-validation.
 */
import type { Calibration } from '../../src/core/check/calibration';
import { FEATURE_NAMES } from '../../src/core/check/features';
import { contraKind, decideVerdict, KIND_IDS, windowStatesAll } from '../../src/core/check/verdict';
import type { KindId } from '../../src/core/check/kinds';
import type { Verdict } from '../../src/core/types';
import type { Dataset, SentenceRecord } from './checkData';
import { UNSUPPORTED_KINDS } from './perturb';

/** How much each dataset counts in fitting: RAGTruth is the product's own job (RAG answers). */
const DATASET_WEIGHT: Record<Dataset, number> = {
  ragtruth: 2, 'ragtruth-store': 2, 'halueval-one': 1, 'halueval-multi': 1, perturb: 1, 'perturb-heldout': 0, 'perturb-heldout-pdf': 0, 'natural-rhdh': 0, 'natural-doc2dial': 0,
};
/**
 * Datasets the logistic model learns from: RAGTruth (real RAG answers with human labels). HaluEval
 * answers are fragments of 2–10 words and the perturbations are decided by the contradiction rules;
 * both pull the weights away from real answers, so they only count when thresholds are chosen.
 */
const LEARN_FROM: Record<Dataset, boolean> = {
  ragtruth: true, 'ragtruth-store': true, 'halueval-one': false, 'halueval-multi': false, perturb: false, 'perturb-heldout': false, 'perturb-heldout-pdf': false,
  'natural-rhdh': false, 'natural-doc2dial': false,
};

type Params = Pick<Calibration, 'weights' | 'bias' | 'threshold' | 'contraAlign' | 'qa' | 'kindClear'>;

/**
 * Features the question-answer model leaves out: they measure how long the answer is, and on
 * HaluEval length alone separates right from hallucinated answers without checking anything.
 */
const LENGTH_FEATURES: ReadonlySet<string> = new Set(['termCount', 'unseenCount']);
const QA_FEATURES = FEATURE_NAMES.filter((f) => !LENGTH_FEATURES.has(f));
/** Without a question, novelCov restates recall (every term is novel): the main model leaves it out. */
const QUESTION_FEATURES: ReadonlySet<string> = new Set(['novelCov']);
const MAIN_FEATURES = FEATURE_NAMES.filter((f) => !QUESTION_FEATURES.has(f));
const withQuestion = (r: SentenceRecord): boolean => r.features?.withQuestion === 1;

export function verdictOf(r: SentenceRecord, p: Params): Verdict {
  if (!r.features) return 'not_claim';
  return decideVerdict(r.features, p as Calibration).verdict;
}
const flagged = (v: Verdict): boolean => v === 'unsupported' || v === 'contradicted';

/**
 * Weighted logistic regression (gradient descent, L2) predicting "supported": the main model
 * learns from the claims checked without a question (see {@link LEARN_FROM}), the question-answer
 * model from those checked with one, over `features`.
 */
export function fitLogistic(
  records: SentenceRecord[], qa = false, features: readonly string[] = FEATURE_NAMES, iterations = 1500, l2 = 1e-3,
): { weights: Record<string, number>; bias: number } {
  const rows = records.filter((r) => r.features && (qa ? withQuestion(r) : LEARN_FROM[r.ds] && !withQuestion(r)));
  // each dataset weighs the same overall (RAGTruth, real RAG answers, counts double), so the
  // large sets do not drown the small ones
  const perDs = new Map<Dataset, number>();
  for (const r of rows) perDs.set(r.ds, (perDs.get(r.ds) ?? 0) + 1);
  const sw = rows.map((r) => DATASET_WEIGHT[r.ds] / perDs.get(r.ds)!);
  const X = rows.map((r) => features.map((f) => (r.features as Record<string, number>)[f]!));
  const y = rows.map((r) => (r.gold ? 0 : 1));
  const w = new Array<number>(features.length).fill(0);
  let b = 0;
  const total = sw.reduce((a, c) => a + c, 0);
  const lr = 2;
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(w.length).fill(0);
    let gb = 0;
    for (let i = 0; i < X.length; i++) {
      let z = b;
      const x = X[i]!;
      for (let j = 0; j < w.length; j++) z += w[j]! * x[j]!;
      const err = (1 / (1 + Math.exp(-z)) - y[i]!) * sw[i]!;
      for (let j = 0; j < w.length; j++) g[j]! += err * x[j]!;
      gb += err;
    }
    for (let j = 0; j < w.length; j++) w[j]! -= lr * (g[j]! / total + l2 * w[j]!);
    b -= lr * (gb / total);
  }
  // a feature the model leaves out is written with weight 0, so the JSON names every feature
  const weights: Record<string, number> = Object.fromEntries(FEATURE_NAMES.map((f) => [f, 0]));
  features.forEach((f, j) => (weights[f] = round(w[j]!)));
  return { weights, bias: round(b) };
}

const round = (x: number): number => Math.round(x * 1e4) / 1e4;

/**
 * Most claims of correct text a contradiction kind may wrongly call contradicted, as a share of a
 * dataset's claims: the natural-text sets (every sentence correct, see naturalText.ts) hold the
 * issue's budget of 0.1%; elsewhere (labels with noise) 0.5% of the supported claims.
 */
const MAX_FALSE_CONTRA = (ds: Dataset): number => (ds.startsWith('natural') ? 0.001 : 0.005);
const GRID_ALIGN = Array.from({ length: 6 }, (_, i) => round(0.75 + i * 0.05));

/** Wrong contradictions per dataset of kind `kind` at alignment `t` (tight findings only, as decided). */
function falseContra(records: SentenceRecord[], kind: KindId, t: number): Map<Dataset, number> {
  const wrong = new Map<Dataset, number>();
  for (const r of records) {
    const f = r.features;
    if (!f || r.gold || contraKind(f) !== kind || f.contraTight !== 1 || f.contraOther === 1 || f.contraAt + 1e-9 < t) continue;
    wrong.set(r.ds, (wrong.get(r.ds) ?? 0) + 1);
  }
  return wrong;
}

/**
 * Per conflict kind, the lowest alignment at which, in every dataset, at most
 * {@link MAX_FALSE_CONTRA} of its correct claims are wrongly called contradicted: contradicted is
 * a strong statement and must be precise. 1.01 (never) when no alignment is precise enough.
 */
export function fitContraAlign(records: SentenceRecord[]): Calibration['contraAlign'] {
  const out = Object.fromEntries(KIND_IDS.map((k) => [k, 1.01])) as Calibration['contraAlign'];
  // the natural-text sets are one pool: the budget is a share of all their claim sentences
  const pool = (ds: Dataset): Dataset => (ds.startsWith('natural') ? 'natural-rhdh' : ds);
  const correct = new Map<Dataset, number>();
  for (const r of records) if (r.features && !r.gold) correct.set(pool(r.ds), (correct.get(pool(r.ds)) ?? 0) + 1);
  for (const kind of KIND_IDS) {
    for (const t of GRID_ALIGN) {
      const wrong = new Map<Dataset, number>();
      for (const [ds, n] of falseContra(records, kind, t)) wrong.set(pool(ds), (wrong.get(pool(ds)) ?? 0) + n);
      if ([...wrong].every(([ds, n]) => n <= MAX_FALSE_CONTRA(ds) * correct.get(ds)!)) {
        out[kind] = t;
        break;
      }
    }
  }
  return out;
}

/**
 * Per conflict kind, whether its findings may be clear errors: its false alarms on the natural-text
 * sets at the fitted alignment stay within the budget (0.1% of their claim sentences).
 */
export function fitKindClear(records: SentenceRecord[], contraAlign: Calibration['contraAlign']): NonNullable<Calibration['kindClear']> {
  const natural = records.filter((r) => r.ds.startsWith('natural') && r.features);
  if (natural.length === 0) return {};
  return Object.fromEntries(KIND_IDS.map((k) => {
    const wrong = [...falseContra(natural, k, contraAlign[k]).values()].reduce((a, b) => a + b, 0);
    return [k, wrong <= 0.001 * natural.length];
  }));
}

export interface RagMetrics { sentence: PRF; sentenceStrict: PRF; answer: PRF; n: number }
export interface Metrics {
  /** Answers checked against their own passages (harness, or the product with --docs). */
  ragtruth?: RagMetrics;
  /** Answers checked against one store of every dev passage (the product with --store). */
  ragtruthStore?: RagMetrics;
  haluevalOne?: number;
  haluevalMulti?: number;
  /**
   * `detected`, `correctType` and `n` count the kinds that change a fact (the right verdict is
   * contradicted); `invented` is the share flagged of the kinds that add one (see UNSUPPORTED_KINDS),
   * `inventedMarked` the share flagged or supported only as uncertain ("the closest passage states
   * most of it (not …)": the window does not state every term).
   */
  perturb?: PerturbMetrics;
  /** The same figures on the held-out corpora (never fitted on: see PERTURB_CORPORA): the RHDH guides, PDF books and papers. */
  perturbHeldOut?: PerturbMetrics;
  perturbHeldOutPdf?: PerturbMetrics;
}
export interface PerturbMetrics { detected: number; correctType: number; originalsPass: number; n: number; invented: number; inventedMarked: number; byType: Record<string, { n: number; detected: number; contradicted: number }> }
export interface PRF { p: number; r: number; f1: number }

function prf(pred: boolean[], gold: boolean[]): PRF {
  let tp = 0, fp = 0, fn = 0;
  pred.forEach((p, i) => {
    if (p && gold[i]) tp++;
    else if (p) fp++;
    else if (gold[i]) fn++;
  });
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
}

function byItem(recs: SentenceRecord[], verdicts: Verdict[]): Map<string, { pred: boolean; gold: boolean }> {
  const m = new Map<string, { pred: boolean; gold: boolean }>();
  recs.forEach((r, i) => {
    const cur = m.get(r.item) ?? { pred: false, gold: false };
    cur.pred ||= flagged(verdicts[i]!);
    cur.gold ||= r.gold;
    m.set(r.item, cur);
  });
  return m;
}

/** A supported claim the product marks as uncertain: its window leaves out a term, value or name (see certaintyOf). */
const uncertainSupport = (r: SentenceRecord): boolean => !!r.features && !windowStatesAll(r.features);

/** Metrics of `verdicts` (parallel to `records`). */
export function metrics(records: SentenceRecord[], verdicts: Verdict[]): Metrics {
  const out: Metrics = {};
  const sel = (ds: Dataset): [SentenceRecord[], Verdict[]] => {
    const idx = records.map((r, i) => (r.ds === ds ? i : -1)).filter((i) => i >= 0);
    return [idx.map((i) => records[i]!), idx.map((i) => verdicts[i]!)];
  };
  for (const [ds, k] of [['ragtruth', 'ragtruth'], ['ragtruth-store', 'ragtruthStore']] as const) {
    const [rr, rv] = sel(ds);
    if (!rr.length) continue;
    const pred = rv.map(flagged);
    const items = [...byItem(rr, rv).values()];
    out[k] = {
      sentence: prf(pred, rr.map((r) => r.gold)), sentenceStrict: prf(pred, rr.map((r) => r.goldStrict)),
      answer: prf(items.map((x) => x.pred), items.map((x) => x.gold)), n: items.length,
    };
  }
  for (const [ds, k] of [['halueval-one', 'haluevalOne'], ['halueval-multi', 'haluevalMulti']] as const) {
    const [hr, hv] = sel(ds);
    if (!hr.length) continue;
    const items = [...byItem(hr, hv).entries()];
    // an answer with no claim at all ("") yields no record: count it as passing
    out[k] = items.filter(([, x]) => x.pred === x.gold).length / items.length;
  }
  const [pr, pv] = sel('perturb');
  if (pr.length) out.perturb = perturbMetrics(pr, pv);
  for (const [ds, k] of [['perturb-heldout', 'perturbHeldOut'], ['perturb-heldout-pdf', 'perturbHeldOutPdf']] as const) {
    const [hr, hv] = sel(ds);
    if (hr.length) out[k] = perturbMetrics(hr, hv);
  }
  return out;
}

/** Perturbation figures of `pr` (a perturbation set's records) and their verdicts `pv`. */
function perturbMetrics(pr: SentenceRecord[], pv: Verdict[]): PerturbMetrics {
  const byType: Record<string, { n: number; detected: number; contradicted: number }> = {};
  let orig = 0, origPass = 0, flaggedPerturbed = 0, contradicted = 0, perturbed = 0, added = 0, addedFlagged = 0, addedMarked = 0;
  pr.forEach((r, i) => {
    const v = pv[i]!;
    if (!r.gold) {
      orig++;
      if (v === 'supported') origPass++;
      return;
    }
    const t = (byType[r.kind ?? '?'] ??= { n: 0, detected: 0, contradicted: 0 });
    t.n++;
    if (UNSUPPORTED_KINDS.has(r.kind ?? '')) {
      added++;
      if (flagged(v)) {
        addedFlagged++;
        t.detected++;
      }
      if (v === 'contradicted') t.contradicted++;
      if (flagged(v) || uncertainSupport(r)) addedMarked++;
      return;
    }
    perturbed++;
    if (flagged(v)) {
      flaggedPerturbed++;
      t.detected++;
    }
    if (v === 'contradicted') {
      contradicted++;
      t.contradicted++;
    }
  });
  return {
    detected: flaggedPerturbed / perturbed, correctType: flaggedPerturbed ? contradicted / flaggedPerturbed : 0, originalsPass: origPass / orig, n: perturbed,
    invented: added ? addedFlagged / added : 0, inventedMarked: added ? addedMarked / added : 0, byType,
  };
}

/** Objective for the support threshold: the quality figures the project is measured on. */
function objective(m: Metrics): number {
  const rag = (x: RagMetrics | undefined): number => (x ? DATASET_WEIGHT.ragtruth * (x.sentence.f1 + x.answer.f1) : 0);
  return rag(m.ragtruth) + rag(m.ragtruthStore) + (m.haluevalOne ?? 0) + (m.haluevalMulti ?? 0) + (m.perturb ? m.perturb.originalsPass + m.perturb.detected : 0);
}

/**
 * Fits every parameter on `records`. Contradiction thresholds start at their precision floor
 * ({@link fitContraAlign}) and are raised, one type at a time, where that improves the objective:
 * a contradiction rule that costs more correct answers than it catches is held back.
 */
export function fitAll(records: SentenceRecord[]): Params {
  const floor = fitContraAlign(records);
  const { weights, bias } = fitLogistic(records, false, MAIN_FEATURES);
  const contraAlign = { ...floor };
  let qa = fitQa(records, contraAlign);
  let threshold = fitThreshold(records, { weights, bias, contraAlign, threshold: 0.5, ...(qa ? { qa } : {}) });
  // raised above the floor only where the dev figures clearly gain: within OBJECTIVE_TIE of the
  // best, the lowest alignment wins, so a changed fact the labels happen to miss ("preheat to 325
  // degrees F" against the passage's 350, unlabelled) does not buy away real contradictions
  for (const type of KIND_IDS) {
    const curve = GRID_ALIGN.filter((g) => g >= floor[type]).map((t) => {
      const p: Params = { weights, bias, threshold, contraAlign: { ...contraAlign, [type]: t }, ...(qa ? { qa } : {}) };
      return { t, obj: objective(metrics(records, records.map((r) => verdictOf(r, p)))) };
    });
    if (curve.length === 0) continue;
    const top = Math.max(...curve.map((c) => c.obj));
    contraAlign[type] = Math.min(...curve.filter((c) => c.obj >= top - OBJECTIVE_TIE).map((c) => c.t));
  }
  qa = fitQa(records, contraAlign);
  threshold = fitThreshold(records, { weights, bias, contraAlign, threshold, ...(qa ? { qa } : {}) });
  return { weights, bias, contraAlign, threshold, ...(qa ? { qa } : {}), kindClear: fitKindClear(records, contraAlign) };
}

/**
 * Objective differences the dev data cannot tell apart: over the flat top of the curve the
 * thresholds move RAGTruth F1 by about a point between neighbours, up and down.
 */
const OBJECTIVE_TIE = 0.01;

/**
 * The support threshold of the main model, the other parameters fixed: the strictest of those
 * whose objective is within {@link OBJECTIVE_TIE} of the best. Where the dev figures cannot choose,
 * a claim must be better stated to pass — an invented detail costs a user more than a flag.
 */
function fitThreshold(records: SentenceRecord[], p: Params): number {
  const curve: Array<{ t: number; obj: number }> = [];
  for (let t = 0.05; t < 0.96; t += 0.01) curve.push({ t: round(t), obj: objective(metrics(records, records.map((r) => verdictOf(r, { ...p, threshold: t })))) });
  const top = Math.max(...curve.map((c) => c.obj));
  return Math.max(...curve.filter((c) => c.obj >= top - OBJECTIVE_TIE).map((c) => c.t));
}

/** The question-answer model: logistic weights, and the threshold maximising the answers judged right. */
function fitQa(records: SentenceRecord[], contraAlign: Calibration['contraAlign']): Calibration['qa'] {
  const rows = records.filter(withQuestion);
  if (rows.length === 0) return undefined;
  const { weights, bias } = fitLogistic(rows, true, QA_FEATURES);
  let best = { t: 0.5, obj: -1 };
  for (let t = 0.05; t < 0.96; t += 0.01) {
    const p: Params = { weights: {}, bias: 0, threshold: 0.5, contraAlign, qa: { weights, bias, threshold: t } };
    const m = metrics(rows, rows.map((r) => verdictOf(r, p)));
    const obj = (m.haluevalOne ?? 0) + (m.haluevalMulti ?? 0);
    if (obj > best.obj) best = { t: round(t), obj };
  }
  return { weights, bias, threshold: best.t };
}

/** Stable fold of a group id (FNV-1a), so folds are the same on every run. */
export function foldOf(group: string, k: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < group.length; i++) h = Math.imul(h ^ group.charCodeAt(i), 0x01000193) >>> 0;
  return h % k;
}

/**
 * Grouped k-fold cross-validation: every record's verdict comes from parameters fitted without its
 * group. `seed` 0 is the reported fold assignment; other seeds reshuffle the groups into folds.
 */
export function crossValidate(records: SentenceRecord[], k = 5, seed = 0): { verdicts: Verdict[]; params: Params[] } {
  // both RAGTruth modes check the same answers: a question's records share one fold whatever the mode
  const key = (r: SentenceRecord): string => {
    const ds = r.ds === 'ragtruth-store' ? 'ragtruth' : r.ds;
    return seed === 0 ? `${ds}:${r.group}` : `${seed}:${ds}:${r.group}`;
  };
  const verdicts = new Array<Verdict>(records.length);
  const params: Params[] = [];
  for (let f = 0; f < k; f++) {
    const train = records.filter((r) => foldOf(key(r), k) !== f);
    const p = fitAll(train);
    params.push(p);
    records.forEach((r, i) => {
      if (foldOf(key(r), k) === f) verdicts[i] = verdictOf(r, p);
    });
  }
  return { verdicts, params };
}
