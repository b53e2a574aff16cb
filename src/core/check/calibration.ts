/**
 * The fitted parameters of the checker. They come from `npm run calibrate` (scripts/calibrate.ts),
 * which writes calibration.json next to this file; the core only reads them.
 */
import fitted from './calibration.json';
import { FEATURE_NAMES, type Features } from './features';

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
  /** Minimum alignment of the best evidence unit before a difference counts as a contradiction. */
  contraAlign: { value: number; valueLoose: number; name: number; negation: number };
  /**
   * The model for answers checked with their question (same form as the main one, fitted on
   * question-answer data; features that only measure length are left out). Absent: the main model.
   */
  qa?: ScoreModel;
  /**
   * Measured precision of each contradiction rule on the fitting data (share of its findings that
   * were real errors): the confidence of a contradiction it finds. Absent: 1 - the support score.
   */
  contraPrecision?: Partial<Record<'value' | 'valueLoose' | 'name' | 'negation', number>>;
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
