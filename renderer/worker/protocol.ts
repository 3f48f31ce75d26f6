import { engineWorkerUrl } from 'virtual:engine-worker-url';
import type { EngineKnobs, MonteCarloResult, UncertainInput } from '../../model/analysis';
import type { Scenario } from '../../model/scenario';
import type { SearchRequest } from '../../model/search/protocol';
import type { AccuracySet } from '../features/accuracy/accuracyData';

/** A Monte Carlo run (model/analysis `runMonteCarlo`). */
export type MonteCarloRequest = {
  readonly scenarios: readonly Scenario[];
  readonly draws: number;
  readonly seed: number;
  readonly knobs: readonly EngineKnobs[];
  /** Uncertain inputs per scenario (the user's ranges over the defaults). */
  readonly uncertainty: readonly (readonly UncertainInput[])[];
  readonly baselineIndex: number;
};

/** What a page asks the engine worker to do. */
export type EngineJob =
  | { readonly job: 'validation' }
  | { readonly job: 'montecarlo'; readonly request: MonteCarloRequest }
  | { readonly job: 'search'; readonly request: SearchRequest };

/** Validation replies: one message per bundled case file, then `done`. */
export type ValidationMessage =
  | {
      readonly type: 'set';
      readonly index: number;
      readonly total: number;
      readonly set: AccuracySet;
    }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'done'; readonly elapsedMs: number };

/** Monte Carlo replies: progress every few draws, then the result. */
export type MonteCarloMessage =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'result'; readonly result: MonteCarloResult; readonly elapsedMs: number }
  | { readonly type: 'error'; readonly message: string };

/**
 * A new engine worker: an ES module worker built as one more entry of the renderer build, so it
 * shares the engine's chunks with the pages (vite.worker-chunk.ts).
 */
export function createEngineWorker(): Worker {
  return new Worker(engineWorkerUrl, { type: 'module' });
}
