import { useSyncExternalStore } from 'react';
import type { MonteCarloResult, PercentileSummary } from '../../../model/analysis';
import type { Scenario } from '../../../model/scenario';
import {
  createEngineWorker,
  type MonteCarloMessage,
  type MonteCarloRequest,
} from '../../worker/protocol';

/**
 * The Monte Carlo run, kept at module level (one per app session) so a run continues while
 * the user looks at another page, and other pages (comparison, charts) can show its bands.
 */
export type MonteCarloRun = {
  readonly status: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  readonly done: number;
  readonly total: number;
  /** The last finished result (kept while a new run is under way or after a cancel). */
  readonly result: MonteCarloResult | null;
  /** Workspace ids and the exact scenario objects of `result`, in its order. */
  readonly ids: readonly string[];
  readonly scenarios: readonly Scenario[];
  readonly elapsedMs: number | null;
  readonly error: string | null;
};

const IDLE: MonteCarloRun = {
  status: 'idle',
  done: 0,
  total: 0,
  result: null,
  ids: [],
  scenarios: [],
  elapsedMs: null,
  error: null,
};

let current: MonteCarloRun = IDLE;
let worker: Worker | null = null;
const listeners = new Set<() => void>();

function publish(next: MonteCarloRun): void {
  current = next;
  for (const l of listeners) l();
}

function stop(): void {
  worker?.terminate();
  worker = null;
}

/**
 * Start a run in a Web Worker (cancelling one under way). Progress and the result are
 * published to `useMonteCarloRun`.
 * @param ids - workspace ids of `req.scenarios`, same order
 */
export function startMonteCarlo(req: MonteCarloRequest, ids: readonly string[]): void {
  stop();
  const w = createEngineWorker();
  worker = w;
  publish({ ...current, status: 'running', done: 0, total: req.draws, error: null });
  w.onmessage = (ev: MessageEvent<MonteCarloMessage>) => {
    if (worker !== w) return;
    const m = ev.data;
    if (m.type === 'progress') {
      publish({ ...current, done: m.done, total: m.total });
    } else if (m.type === 'result') {
      stop();
      publish({
        ...current,
        status: 'done',
        done: current.total,
        result: m.result,
        ids,
        scenarios: req.scenarios,
        elapsedMs: m.elapsedMs,
      });
    } else {
      stop();
      publish({ ...current, status: 'error', error: m.message });
    }
  };
  w.onerror = (ev) => {
    if (worker !== w) return;
    stop();
    publish({ ...current, status: 'error', error: ev.message || 'the Monte Carlo worker failed' });
  };
  w.postMessage({ job: 'montecarlo', request: req });
}

/** Cancel the run under way (the last finished result stays). */
export function cancelMonteCarlo(): void {
  if (current.status !== 'running') return;
  stop();
  publish({ ...current, status: 'cancelled' });
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The session's Monte Carlo run (progress and last result). */
export function useMonteCarloRun(): MonteCarloRun {
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * P10/P50/P90 of every metric of one open scenario from the last run, or null when the run did
 * not include it or the scenario changed since (compared by identity of the parsed scenario,
 * which the workspace keeps until the scenario is edited).
 */
export function bandsFor(
  run: MonteCarloRun,
  id: string,
  scenario: Scenario | null,
): readonly PercentileSummary[] | null {
  const i = run.ids.indexOf(id);
  if (i < 0 || !run.result || scenario === null || run.scenarios[i] !== scenario) return null;
  return run.result.summaries[i] ?? null;
}
