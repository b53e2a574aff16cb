/**
 * The fitted parameters of the checker. They come from `npm run calibrate` (scripts/calibrate.ts),
 * which writes calibration.json next to this file; the core only reads them.
 */
import fitted from './calibration.json';
import { FEATURE_NAMES, type Features } from './features';
import type { KindId } from './kinds';

/** A logistic model and its support threshold. */
export interface ScoreModel {
  weights: Record<string, number>;
  bias: number;
  threshold: number;
}

export interface Calibration {
  /** The script and the data the values were fitted on. */
  script: string;
  data: string[];
  method: string;
  fittedAt: string;
  /** Logistic model over the features: score = sigmoid(bias + Σ weights[f] · f). */
  weights: Record<string, number>;
  bias: number;
  /** A claim whose score is at least this is supported. */
  threshold: number;
  /**
   * Per conflict kind, the least share of the rest of the claim a sentence must restate before a
   * substitution the kind recognises there counts as a contradiction.
   */
  contraAlign: Record<KindId, number>;
  /**
   * Per conflict kind, whether its findings may be shown as clear contradictions: a kind whose false
   * alarms on correct natural text pass the budget (0.1% of claim sentences) keeps its verdict with
   * certainty 'uncertain' ("possibly contradicted"). Absent: every kind may.
   */
  kindClear?: Partial<Record<KindId, boolean>>;
  /**
   * The model for answers checked with their question (same form as the main one, fitted on
   * question-answer data; features that only measure length are left out). Absent: the main model.
   */
  qa?: ScoreModel;
  /**
   * Measured precision of each contradiction rule on the fitting data (share of its findings that
   * were real errors): the confidence of a contradiction it finds. Absent: 1 - the support score.
   */
  contraPrecision?: Partial<Record<KindId, number>>;
  /** Optional notes from the fitting run (cross-validated figures). */
  notes?: Record<string, unknown>;
}

/** The calibration shipped with the core. */
export const DEFAULT_CALIBRATION: Calibration = fitted as Calibration;

/** The support score of a claim in [0, 1] under `cal`. */
export function scoreFeatures(f: Features, cal: Pick<ScoreModel, 'weights' | 'bias'>): number {
  let z = cal.bias;
  for (const name of FEATURE_NAMES) z += (cal.weights[name] ?? 0) * f[name];
  return 1 / (1 + Math.exp(-z));
}
