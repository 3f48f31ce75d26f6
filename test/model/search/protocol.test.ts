import { describe, expect, it } from 'vitest';
import {
  SEARCH_FORMAT,
  createSearchWorker,
  prepareSearch,
  runSearchPool,
  searchAll,
} from '../../../model/search';
import type { SearchPort, SearchReply, SearchRequest } from '../../../model/search';
import { smallBase } from './fixtures';

/** An in-process worker: the engine's handler behind an asynchronous message port. */
function fakePort(log: SearchRequest[]): SearchPort {
  let listener: ((m: SearchReply) => void) | null = null;
  let dead = false;
  const handle = createSearchWorker((m) => {
    queueMicrotask(() => {
      if (!dead) listener?.(m);
    });
  });
  return {
    post: (m) => {
      log.push(m);
      setTimeout(() => {
        if (!dead) handle(m);
      }, 0);
    },
    listen: (h) => {
      listener = h;
    },
    terminate: () => {
      dead = true;
    },
  };
}

const spec = {
  format: SEARCH_FORMAT,
  base: smallBase(),
  goal: 'cost_per_million_tokens_usd',
  constraints: { maxTimeToTrainDays: 40 },
  space: {
    acceleratorIds: ['h100-sxm', 'b200', 'mi300x'],
    gpuCounts: [8, 16, 32],
    fabrics: ['infiniband', 'roce'],
    coolingTypes: ['air', 'immersion'],
  },
};

describe('search pool', () => {
  it('merges worker chunks into the single-thread result, with progress', async () => {
    const prep = prepareSearch(spec);
    if (!prep.ok) throw new Error(prep.message);
    const whole = searchAll(prep.space);
    const log: SearchRequest[] = [];
    const progress: number[] = [];
    let clock = 0;
    const run = runSearchPool(spec, [fakePort(log), fakePort(log), fakePort(log)], {
      now: () => (clock += 1),
      chunksPerWorker: 3,
      onProgress: (p) => progress.push(p.done),
    });
    const r = await run.promise;
    expect(r.best.map((c) => c.index)).toEqual(whole.best.map((c) => c.index));
    expect(r.front.map((c) => c.index)).toEqual(whole.front.map((c) => c.index));
    expect(r.nearMisses.map((c) => c.index)).toEqual(whole.nearMisses.map((c) => c.index));
    expect(r.stats.feasible).toBe(whole.stats.feasible);
    expect(r.complete).toBe(true);
    expect(log.filter((m) => m.type === 'init')).toHaveLength(3);
    expect(log.filter((m) => m.type === 'run').length).toBeGreaterThan(3);
    expect(progress[progress.length - 1]).toBe(prep.space.total);
    for (let k = 1; k < progress.length; k++) {
      expect(progress[k]).toBeGreaterThanOrEqual(progress[k - 1] as number);
    }
  });

  it('cancel stops the workers and rejects', async () => {
    const log: SearchRequest[] = [];
    const ports = [fakePort(log)];
    let terminated = 0;
    const wrapped = ports.map((p) => ({
      ...p,
      terminate: () => {
        terminated++;
        p.terminate();
      },
    }));
    const run = runSearchPool(spec, wrapped, { now: () => 0 });
    run.cancel();
    await expect(run.promise).rejects.toThrow('cancelled');
    expect(terminated).toBe(1);
  });

  it('rejects an invalid spec with the field named', async () => {
    const run = runSearchPool({ ...spec, topK: 0 }, [fakePort([])], { now: () => 0 });
    await expect(run.promise).rejects.toThrow(/^topK: /);
    const bad = runSearchPool({ ...spec, base: { name: 'x' } }, [fakePort([])], { now: () => 0 });
    await expect(bad.promise).rejects.toThrow(/base\./);
  });
});
