/**
 * The design search on worker_threads: one worker per core (`os.availableParallelism()`), each
 * running chunks of the space through the engine (model/search `runSearchPool`).
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { runSearchPool } from '../../model/search';
import type { PoolProgress, PoolRun, SearchPort, SearchReply } from '../../model/search';

const BOOT = new URL('./boot.mjs', import.meta.url);
const ENTRY = new URL('./worker.ts', import.meta.url).href;

/** A worker thread running cli/search/worker.ts, as a pool port. */
export function nodeSearchPort(): SearchPort {
  const w = new Worker(BOOT, { workerData: { entry: ENTRY } });
  let handler: ((m: SearchReply) => void) | null = null;
  w.on('message', (m: SearchReply) => handler?.(m));
  w.on('error', (e: Error) => handler?.({ type: 'error', message: `worker: ${e.message}` }));
  return {
    post: (m) => w.postMessage(m),
    listen: (h) => {
      handler = h;
    },
    terminate: () => void w.terminate(),
  };
}

export type NodeSearchOptions = {
  /** Worker threads (default: every core). */
  readonly workers?: number;
  readonly chunksPerWorker?: number;
  readonly onProgress?: (p: PoolProgress) => void;
};

/**
 * Run a search spec (its `base` a scenario object) on worker threads.
 * @returns the run: `promise` resolves to the merged result; `cancel()` stops the workers
 */
export function searchOnWorkers(specRaw: unknown, options: NodeSearchOptions = {}): PoolRun {
  const n = Math.max(1, Math.floor(options.workers ?? availableParallelism()));
  const ports = Array.from({ length: n }, () => nodeSearchPort());
  return runSearchPool(specRaw, ports, {
    now: () => performance.now(),
    ...(options.chunksPerWorker !== undefined ? { chunksPerWorker: options.chunksPerWorker } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}
