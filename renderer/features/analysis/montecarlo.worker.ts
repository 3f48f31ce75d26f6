import '../../zodConfig';
import {
  runMonteCarlo,
  type EngineKnobs,
  type MonteCarloResult,
  type UncertainInput,
} from '../../../model/analysis';
import type { Scenario } from '../../../model/scenario';

/**
 * Runs the seeded Monte Carlo (model/analysis) off the main thread: draws × scenarios
 * evaluations take from a few hundred ms to seconds. Posts progress every few draws, then the
 * result. Cancel by terminating the worker.
 */
export type MonteCarloRequest = {
  readonly scenarios: readonly Scenario[];
  readonly draws: number;
  readonly seed: number;
  readonly knobs: readonly EngineKnobs[];
  /** Uncertain inputs per scenario (the user's ranges over the defaults). */
  readonly uncertainty: readonly (readonly UncertainInput[])[];
  readonly baselineIndex: number;
};

export type MonteCarloMessage =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'result'; readonly result: MonteCarloResult; readonly elapsedMs: number }
  | { readonly type: 'error'; readonly message: string };

const scope = self as unknown as {
  postMessage(message: MonteCarloMessage): void;
  onmessage: ((ev: MessageEvent<MonteCarloRequest>) => void) | null;
};

scope.onmessage = (ev) => {
  const req = ev.data;
  const t0 = performance.now();
  try {
    const result = runMonteCarlo(
      req.scenarios,
      {
        draws: req.draws,
        seed: req.seed,
        knobs: req.knobs,
        uncertainty: req.uncertainty,
        baselineIndex: req.baselineIndex,
      },
      (done, total) => scope.postMessage({ type: 'progress', done, total }),
    );
    scope.postMessage({ type: 'result', result, elapsedMs: performance.now() - t0 });
  } catch (e) {
    scope.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
