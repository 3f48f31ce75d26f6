import { useEffect, useState } from 'react';
import type { AccuracySet } from './accuracyData';
import { createEngineWorker, type ValidationMessage } from '../../worker/protocol';

/** Progress of the validation run: sets finished so far, of how many, and any error. */
export type ValidationRun = {
  readonly sets: readonly AccuracySet[];
  readonly total: number | null;
  readonly done: boolean;
  readonly error: string | null;
  /** Time the worker took for all sets, ms (when done). */
  readonly elapsedMs: number | null;
};

const INITIAL: ValidationRun = {
  sets: [],
  total: null,
  done: false,
  error: null,
  elapsedMs: null,
};

// One run per app session: the bundled cases never change while the app runs, so the result
// is kept (module state) and a revisit of the page shows it at once.
let current: ValidationRun = INITIAL;
let started = false;
const listeners = new Set<(r: ValidationRun) => void>();

function publish(next: ValidationRun): void {
  current = next;
  for (const l of listeners) l(next);
}

function start(): void {
  if (started) return;
  started = true;
  const worker = createEngineWorker();
  worker.onmessage = (ev: MessageEvent<ValidationMessage>) => {
    const m = ev.data;
    if (m.type === 'set') {
      const sets = [...current.sets];
      sets[m.index] = m.set;
      publish({ ...current, sets, total: m.total });
    } else if (m.type === 'done') {
      publish({ ...current, done: true, elapsedMs: m.elapsedMs });
      worker.terminate();
    } else {
      publish({ ...current, error: m.message, done: true });
      worker.terminate();
    }
  };
  worker.onerror = (ev) => {
    publish({ ...current, error: ev.message || 'the validation worker failed', done: true });
    worker.terminate();
  };
  worker.postMessage({ job: 'validation' });
}

/**
 * The validation harness's results for the bundled cases, computed lazily in a Web Worker the
 * first time a component asks (the accuracy page opening), then kept for the session.
 */
export function useValidationRun(): ValidationRun {
  const [run, setRun] = useState<ValidationRun>(current);
  useEffect(() => {
    listeners.add(setRun);
    setRun(current);
    start();
    return () => {
      listeners.delete(setRun);
    };
  }, []);
  return run;
}
