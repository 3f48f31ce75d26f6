import { predictServingCase } from './serving';
import { predictStorageFeedCase } from '../storage';
import { loadValidationFile } from './format';
import type { LoadedCase } from './format';
import { predictSystemPowerCase } from './power';
import { predictTrainingStepCase } from './training';

/**
 * The validation harness core (pure): run every case of `clusterplan-validation/1` files
 * through the engine, compare with the observation, summarise. File reading and printing
 * live in cli/; this module takes parsed JSON.
 *
 * A case the engine cannot handle (unsupported kind or metric, malformed case, input the
 * engine rejects) is a failure with its reason: it counts in `n`, is outside tolerance, and
 * its |error| counts as unbounded in the median and maximum. Nothing is skipped.
 */

/** What a kind's handler predicts for one case. */
export type CasePrediction = {
  readonly value: number;
  /** Short remarks shown with the case (resolved layout, overheads added, ...). */
  readonly notes?: readonly string[];
};

/**
 * Predict one case: `raw` is the whole case, `metric` its observed metric id. Throws with
 * the reason when it cannot.
 */
export type CaseHandler = (
  raw: unknown,
  metric: string,
  id: string,
  source: string | undefined,
) => CasePrediction;

/**
 * A handler from a domain predictor of the shape `(case) => { metric, predicted }` (the
 * storage and serving engines' case predictors).
 */
export function handlerFromPredictor(
  predict: (caseJson: unknown) => { readonly metric: string; readonly predicted: number },
): CaseHandler {
  return (raw, metric) => {
    const p = predict(raw);
    if (p.metric !== metric) {
      throw new Error(`predictor answered metric "${p.metric}", the case observes "${metric}"`);
    }
    return { value: p.predicted };
  };
}

/**
 * Handlers per case kind: `training-step` (this folder's mapping to model/training),
 * `storage-feed` (model/storage's MLPerf Storage AU rule), `serving` (model/serving),
 * `system-power` (./power.ts: the case's build and workload through model/power).
 * Any other kind fails with "unsupported kind".
 */
export const defaultCaseHandlers: Readonly<Record<string, CaseHandler>> = {
  'training-step': predictTrainingStepCase,
  'storage-feed': handlerFromPredictor(predictStorageFeedCase),
  serving: handlerFromPredictor(predictServingCase),
  'system-power': (raw, metric) => predictSystemPowerCase(raw, metric),
};

export type CaseResult = {
  readonly id: string;
  readonly kind: string;
  readonly metric: string;
  /** null only for a malformed case whose observation could not be read. */
  readonly observed: number | null;
  /** null when the case failed. */
  readonly predicted: number | null;
  /** (predicted − observed) / observed × 100; null when the case failed. */
  readonly errorPct: number | null;
  readonly tolerancePct: number;
  readonly withinTolerance: boolean;
  /** Why the case failed (unsupported kind, engine error, ...); absent when predicted. */
  readonly failure?: string;
  readonly notes: readonly string[];
  /** The file's `set` the case came from. */
  readonly set: string;
};

export type ValidationSummary = {
  /** Cases run (failures included). */
  readonly n: number;
  /** Cases that could not be predicted. */
  readonly failed: number;
  /** Median |error|, %; Infinity when failures make up half or more of the cases. */
  readonly medianAbsErrorPct: number;
  /** Largest |error|, %; Infinity when any case failed. */
  readonly maxAbsErrorPct: number;
  /** Share of cases within their own tolerance, %. */
  readonly withinTolerancePct: number;
};

export type ValidationReport = {
  readonly cases: readonly CaseResult[];
  readonly summary: ValidationSummary;
};

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Run one loaded case through its kind's handler. */
export function runCase(
  c: LoadedCase,
  set: string,
  handlers: Readonly<Record<string, CaseHandler>> = defaultCaseHandlers,
): CaseResult {
  const { id, kind, observed, tolerance_pct: tolerancePct, source } = c.header;
  const base = { id, kind, metric: observed.metric, observed: observed.value, tolerancePct, set };
  const fail = (failure: string): CaseResult => ({
    ...base,
    predicted: null,
    errorPct: null,
    withinTolerance: false,
    failure,
    notes: [],
  });
  const handler = handlers[kind];
  if (!handler) return fail(`unsupported kind "${kind}"`);
  let prediction: CasePrediction;
  try {
    prediction = handler(c.raw, observed.metric, id, source);
  } catch (e) {
    return fail(message(e));
  }
  if (!Number.isFinite(prediction.value)) {
    return fail(`engine predicted a non-finite ${observed.metric} (${String(prediction.value)})`);
  }
  const errorPct = ((prediction.value - observed.value) / observed.value) * 100;
  return {
    ...base,
    predicted: prediction.value,
    errorPct,
    withinTolerance: Math.abs(errorPct) <= tolerancePct,
    notes: prediction.notes ?? [],
  };
}

/** Median of a list (mean of the two middle values for an even count). */
function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  if (s.length % 2 === 1) return s[mid] as number;
  const lo = s[mid - 1] as number;
  const hi = s[mid] as number;
  return hi === Infinity ? Infinity : (lo + hi) / 2;
}

/** Summary over case results (failures count as unbounded error and outside tolerance). */
export function summarize(cases: readonly CaseResult[]): ValidationSummary {
  const abs = cases.map((c) => (c.errorPct === null ? Infinity : Math.abs(c.errorPct)));
  const within = cases.filter((c) => c.withinTolerance).length;
  return {
    n: cases.length,
    failed: cases.filter((c) => c.predicted === null).length,
    medianAbsErrorPct: median(abs),
    maxAbsErrorPct: abs.length ? Math.max(...abs) : 0,
    withinTolerancePct: cases.length ? (within / cases.length) * 100 : 0,
  };
}

/**
 * Run every case of one or more parsed validation files.
 * @param files - parsed JSON of `clusterplan-validation/1` files
 * @throws Error when a file itself is not in the format (a malformed case is a failure instead)
 */
export function runValidation(
  files: readonly unknown[],
  handlers: Readonly<Record<string, CaseHandler>> = defaultCaseHandlers,
): ValidationReport {
  const cases: CaseResult[] = [];
  for (const raw of files) {
    const file = loadValidationFile(raw);
    for (const m of file.malformed) {
      cases.push({
        id: m.id,
        kind: '(unknown)',
        metric: '(unknown)',
        observed: null,
        predicted: null,
        errorPct: null,
        tolerancePct: 0,
        withinTolerance: false,
        failure: m.reason,
        notes: [],
        set: file.set,
      });
    }
    for (const c of file.cases) cases.push(runCase(c, file.set, handlers));
  }
  return { cases, summary: summarize(cases) };
}
