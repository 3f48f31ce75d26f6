import { figureInfo } from './constraints';
import { formatScenarioIssues, parseScenario } from '../scenario';
import { createSearchCache, mergeSearchResults, planChunks, searchChunk } from './search';
import type { ChunkResult, SearchCache, SearchResult } from './search';
import { buildSearchSpace } from './space';
import type { SearchSpace } from './space';
import { parseSearchSpec } from './spec';

/**
 * Running a search across workers (Web Workers in the app, worker_threads in the CLI): the
 * message protocol, the worker side (`createSearchWorker`) and the coordinating side
 * (`runSearchPool`). Both are plain functions over injected ports and a clock, so the same
 * code runs in either host and in tests.
 */

export type SearchRequest =
  | { readonly type: 'init'; readonly spec: unknown }
  | { readonly type: 'run'; readonly chunk: number; readonly start: number; readonly end: number };

export type SearchReply =
  | { readonly type: 'ready' }
  | {
      readonly type: 'progress';
      readonly chunk: number;
      readonly done: number;
      readonly bestObjective: number | null;
    }
  | { readonly type: 'chunk'; readonly chunk: number; readonly result: ChunkResult }
  | { readonly type: 'error'; readonly message: string };

/**
 * Validate a spec whose `base` is a scenario object and resolve its space.
 * @returns the space, or a message listing every problem with its field path
 */
export function prepareSearch(
  raw: unknown,
):
  | { readonly ok: true; readonly space: SearchSpace }
  | { readonly ok: false; readonly message: string } {
  const p = parseSearchSpec(raw);
  if (!p.ok)
    return { ok: false, message: p.issues.map((i) => `${i.path}: ${i.message}`).join('\n') };
  if (typeof p.spec.base !== 'object' || p.spec.base === null) {
    return { ok: false, message: 'base: must be a scenario object' };
  }
  const b = parseScenario(p.spec.base);
  if (!b.ok) {
    const issues = b.issues.map((i) => ({ path: `base.${i.path}`, message: i.message }));
    return { ok: false, message: formatScenarioIssues(issues) };
  }
  try {
    return { ok: true, space: buildSearchSpace(p.spec, b.scenario) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The worker side: returns the message handler; replies go to `post`. One `init` (the spec),
 * then any number of `run`s; training results are cached across runs of the worker.
 */
export function createSearchWorker(post: (m: SearchReply) => void): (m: SearchRequest) => void {
  let space: SearchSpace | null = null;
  let cache: SearchCache = createSearchCache();
  return (m) => {
    try {
      if (m.type === 'init') {
        const p = prepareSearch(m.spec);
        if (!p.ok) {
          post({ type: 'error', message: p.message });
          return;
        }
        space = p.space;
        cache = createSearchCache();
        post({ type: 'ready' });
        return;
      }
      if (!space) {
        post({ type: 'error', message: 'search worker: run before init' });
        return;
      }
      const chunk = m.chunk;
      const result = searchChunk(space, m.start, m.end, {
        cache,
        progressEvery: 2000,
        onProgress: (p) => post({ type: 'progress', chunk, ...p }),
      });
      post({ type: 'chunk', chunk, result });
    } catch (e) {
      post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  };
}

/** A worker as the pool sees it. */
export type SearchPort = {
  readonly post: (m: SearchRequest) => void;
  /** Register the reply handler (called once). */
  readonly listen: (handler: (m: SearchReply) => void) => void;
  readonly terminate: () => void;
};

export type PoolProgress = {
  readonly done: number;
  readonly total: number;
  /** Best feasible goal value so far (completed chunks and those running), null: none yet. */
  readonly bestObjective: number | null;
  readonly elapsedMs: number;
  /** Estimated time left from the rate so far, ms (null before any progress). */
  readonly etaMs: number | null;
};

export type PoolOptions = {
  /** Chunks per worker (default 8: balances load and keeps progress moving). */
  readonly chunksPerWorker?: number;
  readonly onProgress?: (p: PoolProgress) => void;
  /** Milliseconds clock (performance.now in the hosts). */
  readonly now: () => number;
};

export type PoolRun = {
  readonly promise: Promise<SearchResult>;
  /** Stop: terminates the workers and rejects the promise with `Error('cancelled')`. */
  readonly cancel: () => void;
};

/**
 * Coordinate a search over `ports` (one per worker): plan chunks on block boundaries, hand them
 * out as workers free up, merge the results (the merge does not depend on the split or order).
 * Workers are terminated when the search ends, fails or is cancelled.
 * @param specRaw - a spec whose `base` is a scenario object
 */
export function runSearchPool(
  specRaw: unknown,
  ports: readonly SearchPort[],
  options: PoolOptions,
): PoolRun {
  const t0 = options.now();
  let settled = false;
  let rejectFn: (e: Error) => void = () => undefined;
  const stopAll = (): void => {
    for (const p of ports) p.terminate();
  };
  const promise = new Promise<SearchResult>((resolve, reject) => {
    rejectFn = reject;
    const prep = prepareSearch(specRaw);
    if (!prep.ok) {
      settled = true;
      stopAll();
      reject(new Error(prep.message));
      return;
    }
    const space = prep.space;
    if (ports.length === 0) {
      settled = true;
      reject(new Error('no workers'));
      return;
    }
    const chunks = planChunks(space, ports.length * (options.chunksPerWorker ?? 8));
    const results: ChunkResult[] = [];
    const running = new Map<number, { done: number; best: number | null }>();
    let next = 0;
    let doneClosed = 0;
    const sign = figureInfo(space.spec.goal).better === 'higher' ? -1 : 1;
    let bestClosed: number | null = null;
    const better = (a: number | null, b: number | null): number | null => {
      if (a === null) return b;
      if (b === null) return a;
      return a * sign <= b * sign ? a : b;
    };
    const report = (): void => {
      if (!options.onProgress) return;
      let done = doneClosed;
      let best = bestClosed;
      for (const r of running.values()) {
        done += r.done;
        best = better(best, r.best);
      }
      const elapsedMs = options.now() - t0;
      const etaMs = done > 0 ? (elapsedMs / done) * (space.total - done) : null;
      options.onProgress({ done, total: space.total, bestObjective: best, elapsedMs, etaMs });
    };
    const fail = (message: string): void => {
      if (settled) return;
      settled = true;
      stopAll();
      reject(new Error(message));
    };
    const dispatch = (port: SearchPort): void => {
      const k = next++;
      const c = chunks[k];
      if (!c) return;
      running.set(k, { done: 0, best: null });
      port.post({ type: 'run', chunk: k, start: c[0], end: c[1] });
    };
    if (chunks.length === 0) {
      settled = true;
      stopAll();
      resolve(mergeSearchResults(space, []));
      return;
    }
    for (const port of ports) {
      port.listen((m) => {
        if (settled) return;
        if (m.type === 'error') fail(m.message);
        else if (m.type === 'ready') dispatch(port);
        else if (m.type === 'progress') {
          running.set(m.chunk, { done: m.done, best: m.bestObjective });
          report();
        } else if (m.type === 'chunk') {
          running.delete(m.chunk);
          results.push(m.result);
          doneClosed += m.result.end - m.result.start;
          bestClosed = better(bestClosed, m.result.best[0]?.objective ?? null);
          report();
          if (results.length === chunks.length) {
            settled = true;
            stopAll();
            resolve(mergeSearchResults(space, results));
          } else dispatch(port);
        }
      });
      port.post({ type: 'init', spec: specRaw });
    }
  });
  return {
    promise,
    cancel: () => {
      if (settled) return;
      settled = true;
      stopAll();
      rejectFn(new Error('cancelled'));
    },
  };
}
