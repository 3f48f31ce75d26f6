import { runSearchPool } from '../../../model/search/protocol';
import { createEngineWorker } from '../../worker/protocol';
import type {
  PoolProgress,
  PoolRun,
  SearchPort,
  SearchReply,
} from '../../../model/search/protocol';

/** Workers for a search: one per logical core the browser reports (1 to 16). */
export function workerCount(): number {
  const n = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2;
  return Math.max(1, Math.min(16, n));
}

function webWorkerPort(): SearchPort {
  const w = createEngineWorker();
  let handler: ((m: SearchReply) => void) | null = null;
  w.onmessage = (ev: MessageEvent<SearchReply>) => handler?.(ev.data);
  w.onerror = (ev) => {
    ev.preventDefault();
    handler?.({ type: 'error', message: ev.message || 'a search worker failed' });
  };
  return {
    post: (m) => w.postMessage({ job: 'search', request: m }),
    listen: (h) => {
      handler = h;
    },
    terminate: () => w.terminate(),
  };
}

/**
 * Start a design search on a pool of module Web Workers. Progress arrives through
 * `onProgress`; `cancel()` terminates the workers.
 */
export function startSearch(spec: unknown, onProgress: (p: PoolProgress) => void): PoolRun {
  const ports = Array.from({ length: workerCount() }, () => webWorkerPort());
  return runSearchPool(spec, ports, { now: () => performance.now(), onProgress });
}
