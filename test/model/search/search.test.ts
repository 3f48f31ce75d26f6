import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinCatalog, listItems, platformSystem } from '../../../model/catalog';
import { acceleratorIds } from '../../../model/catalog/accelerators';
import { parseScenario } from '../../../model/scenario';
import {
  FIG,
  SEARCH_FORMAT,
  catalogRegions,
  candidateChoice,
  candidateName,
  candidateScenario,
  constraintsOf,
  decodeIndex,
  figureIds,
  mergeSearchResults,
  parseSearchSpec,
  planChunks,
  regionPrices,
  relativeSlack,
  searchAll,
  searchChunk,
  createSearchCache,
  violationLabel,
} from '../../../model/search';
import type {
  SearchCandidate,
  SearchResult,
  SearchSpace,
  SearchSpecInput,
} from '../../../model/search';
import { indices, oracle, oracleFigures, oriented, smallBase, spaceOf } from './fixtures';

const BASE = smallBase();

type SpecPart = Omit<SearchSpecInput, 'format' | 'base'>;

const ACCELERATORS = ['h100-sxm', 'b200', 'a100-sxm-80gb', 'mi300x'] as const;

/** Small random specs: ≤ 2 × 2 × 2 × 2 × 2 candidates over the small base. */
const specArb: fc.Arbitrary<SpecPart> = fc
  .record({
    acc: fc.subarray([...ACCELERATORS], { minLength: 1, maxLength: 2 }),
    gpus: fc.subarray([8, 16, 32, 64], { minLength: 1, maxLength: 2 }),
    fabrics: fc.subarray(['infiniband', 'roce', 'ethernet'] as const, {
      minLength: 1,
      maxLength: 2,
    }),
    cooling: fc.subarray(['air', 'direct-liquid', 'immersion'] as const, {
      minLength: 1,
      maxLength: 2,
    }),
    regions: fc.subarray(
      [
        { name: 'TX', electricityId: 'us-texas' },
        { name: 'NE', electricityId: 'us-new-england' },
        { name: 'cheap', priceUsdPerKwh: 0.03 },
        { name: 'cheap too', priceUsdPerKwh: 0.03, carbonGPerKwh: 20 },
      ],
      { minLength: 1, maxLength: 3 },
    ),
    goal: fc.constantFrom(
      'tco_usd',
      'time_to_train_days',
      'cost_per_million_tokens_usd',
      'effective_tokens_per_s',
    ) as fc.Arbitrary<SpecPart['goal']>,
    maxDays: fc.option(fc.double({ min: 5, max: 60, noNaN: true }), { nil: undefined }),
    maxMW: fc.option(fc.double({ min: 0.01, max: 0.2, noNaN: true }), { nil: undefined }),
    maxRacks: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    topK: fc.integer({ min: 1, max: 4 }),
    nearMisses: fc.integer({ min: 0, max: 3 }),
    front: fc.constantFrom(
      { x: 'time_to_train_days', y: 'tco_usd' } as const,
      { x: 'time_to_train_days', y: 'effective_tokens_per_s' } as const,
      null,
    ),
  })
  .map((r) => ({
    goal: r.goal,
    constraints: {
      ...(r.maxDays !== undefined ? { maxTimeToTrainDays: r.maxDays } : {}),
      ...(r.maxMW !== undefined ? { maxFacilityPowerMW: r.maxMW } : {}),
      ...(r.maxRacks !== undefined ? { maxRacks: r.maxRacks } : {}),
    },
    space: {
      acceleratorIds: r.acc,
      gpuCounts: r.gpus,
      fabrics: r.fabrics,
      coolingTypes: r.cooling,
      regions: r.regions,
    },
    topK: r.topK,
    nearMisses: r.nearMisses,
    front: r.front,
  }));

/** The comparable content of a result (what must not depend on pruning or chunking). */
function content(r: SearchResult) {
  return {
    best: indices(r.best),
    front: indices(r.front),
    near: indices(r.nearMisses),
    bestFigures: r.best.map((c) => c.figures),
  };
}

function isDominated(a: SearchCandidate, b: SearchCandidate, space: SearchSpace): boolean {
  const f = space.spec.front;
  if (!f) return false;
  const ax = oriented(f.x, a.figures[f.x] as number);
  const ay = oriented(f.y, a.figures[f.y] as number);
  const bx = oriented(f.x, b.figures[f.x] as number);
  const by = oriented(f.y, b.figures[f.y] as number);
  return bx <= ax && by <= ay && (bx < ax || by < ay);
}

describe('search spec', () => {
  it('names the field of each problem', () => {
    const p = parseSearchSpec({
      format: SEARCH_FORMAT,
      base: null,
      goal: 'fastest',
      constraints: { maxRacks: -1 },
      space: { gpuCounts: [8, 8], fabrics: ['token-ring'] },
    });
    expect(p.ok).toBe(false);
    const paths = p.ok ? [] : p.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'goal',
        'constraints.maxRacks',
        'space.gpuCounts[1]',
        'space.fabrics[0]',
      ]),
    );
  });

  it('rejects unknown accelerators and regions naming the axis entry', () => {
    expect(() =>
      spaceOf({ goal: 'tco_usd', space: { acceleratorIds: ['h100-sxm', 'tpu-v9'] } }),
    ).toThrow(/^space\.acceleratorIds\[1\]: unknown accelerator "tpu-v9"/);
    expect(() =>
      spaceOf({ goal: 'tco_usd', space: { regions: [{ name: 'x', electricityId: 'mars' }] } }),
    ).toThrow(/^space\.regions\[0\]\.electricityId: unknown electricity price id "mars"/);
    // A EUR tariff converts through the catalog's exchange rate into the scenario's currency.
    const eur = spaceOf({
      goal: 'tco_usd',
      space: { regions: [{ name: 'x', electricityId: 'eu-germany' }] },
    });
    expect(regionPrices(eur)?.[0]).toBeGreaterThan(0.21);
  });
});

describe('search space', () => {
  const space = spaceOf({
    goal: 'tco_usd',
    horizonYears: 3,
    space: {
      acceleratorIds: ['h100-sxm', 'b200'],
      gpuCounts: [8, 16, 32],
      fabrics: ['infiniband', 'roce'],
      coolingTypes: ['air', 'direct-liquid'],
      regions: [
        { name: 'TX', electricityId: 'us-texas' },
        { name: 'flat', priceUsdPerKwh: 0.2, carbonGPerKwh: 100 },
      ],
    },
  });

  it('enumerates every combination once, performance key outermost', () => {
    expect(space.total).toBe(2 * 3 * 2 * 2 * 2);
    expect(space.blockSize).toBe(4);
    expect(space.perfKeys).toBe(12);
    const seen = new Set<string>();
    for (let i = 0; i < space.total; i++) seen.add(JSON.stringify(candidateChoice(space, i)));
    expect(seen.size).toBe(space.total);
    expect(decodeIndex(space, 0)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(decodeIndex(space, space.total - 1)).toEqual([1, 2, 1, 0, 0, 1, 0, 0, 1]);
    expect(() => decodeIndex(space, space.total)).toThrow(/index must be an integer/);
  });

  it('candidate scenarios are valid scenarios with the build applied', () => {
    const s = candidateScenario(space, 47);
    const p = parseScenario(s);
    expect(p.ok).toBe(true);
    expect(s.cluster.compute).toMatchObject({ acceleratorId: 'b200', gpus: 32, gpusPerNode: 8 });
    expect(s.cluster.network.scaleOut.fabric).toBe('roce');
    expect(s.facility.coolingType).toBe('direct-liquid');
    expect(s.facility.priceUsdPerKwh).toBe(0.2);
    expect(s.facility.carbonGPerKwh).toBe(100);
    expect(s.finance.horizonYears).toBe(3);
    expect(s.workload.kind === 'training' && s.workload.parallelism).toBe('auto');
  });

  it('staged figures equal evaluate() of the candidate scenario', () => {
    const r = searchAll(spaceOf({ ...space.spec, topK: 48, nearMisses: 48, front: null }));
    const all = [...r.best, ...r.nearMisses];
    expect(all.length).toBe(space.total);
    for (const c of all) {
      const o = oracleFigures(space, c.index);
      for (const id of figureIds) {
        const v = c.figures[id];
        const ov = o[FIG[id]] as number;
        if (Number.isNaN(ov)) expect(v).toBeNull();
        else expect(v).toBe(ov);
      }
    }
  });
});

describe('staged figures over storage, cache and cooling variants', () => {
  // Blocks whose hardware is resolved per storage tier, cache size and cooling (air and
  // rear-door share one), whose data/reliability outcome and IT power the search reuses across
  // hardware with equal inputs and across regions: each candidate as evaluate() gives it.
  const space = spaceOf({
    goal: 'tco_usd',
    horizonYears: 3,
    space: {
      acceleratorIds: ['h100-sxm', 'b200'],
      gpuCounts: [16, 64],
      coolingTypes: ['air', 'rear-door', 'direct-liquid', 'immersion'],
      storageTiers: [
        { name: 'Lustre 1 PB', kind: 'parallel-fs', capacityTB: 1000 },
        { name: 'Object store', kind: 'object-store', capacityTB: 4000, readGBps: 100 },
      ],
      nodeCacheDrivesPerNode: [0, 4],
      regions: [
        { name: 'TX', electricityId: 'us-texas' },
        { name: 'flat', priceUsdPerKwh: 0.2, carbonGPerKwh: 100 },
      ],
    },
  });

  it('equal evaluate() of each candidate scenario', () => {
    expect(space.total).toBe(2 * 2 * 4 * 2 * 2 * 2);
    const r = searchAll(
      spaceOf({ ...space.spec, topK: space.total, nearMisses: space.total, front: null }),
    );
    const all = [...r.best, ...r.nearMisses];
    expect(all.length).toBe(space.total);
    for (const c of all) {
      const o = oracleFigures(space, c.index);
      for (const id of figureIds) {
        const v = c.figures[id];
        const ov = o[FIG[id]] as number;
        if (Number.isNaN(ov)) expect(v).toBeNull();
        else expect(v).toBe(ov);
      }
    }
  });
});

describe('search results', () => {
  it('equal an independent oracle over every candidate (best K, front)', () => {
    fc.assert(
      fc.property(specArb, (part) => {
        const space = spaceOf({ ...part, prune: false });
        const rows = oracle(space);
        const r = searchAll(space);
        const g = space.spec.goal;
        const feasible = rows.filter((x) => x.feasible);
        const bestIdx = [...feasible]
          .sort(
            (a, b) =>
              oriented(g, a.figures[FIG[g]] as number) - oriented(g, b.figures[FIG[g]] as number) ||
              a.index - b.index,
          )
          .slice(0, space.spec.topK)
          .map((x) => x.index);
        expect(indices(r.best)).toEqual(bestIdx);
        expect(r.stats.feasible).toBe(feasible.length);
        const f = space.spec.front;
        if (f) {
          const pt = (x: (typeof rows)[number]) => [
            oriented(f.x, x.figures[FIG[f.x]] as number),
            oriented(f.y, x.figures[FIG[f.y]] as number),
          ];
          const front = feasible
            .filter((a) => {
              const [ax, ay] = pt(a) as [number, number];
              return !feasible.some((b) => {
                const [bx, by] = pt(b) as [number, number];
                return bx <= ax && by <= ay && (bx < ax || by < ay);
              });
            })
            .map((x) => x.index)
            .sort((a, b) => a - b);
          expect([...indices(r.front)].sort((a, b) => a - b)).toEqual(front);
        } else {
          expect(r.front).toEqual([]);
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);

  it('satisfy every constraint, and the front has no dominated point', () => {
    fc.assert(
      fc.property(specArb, (part) => {
        const space = spaceOf(part);
        const r = searchAll(space);
        const cons = constraintsOf(space.spec);
        for (const c of [...r.best, ...r.front]) {
          expect(c.feasible).toBe(true);
          const fig = Float64Array.from(figureIds, (id) => c.figures[id] ?? NaN);
          for (const k of cons) expect(relativeSlack(k, fig)).toBeGreaterThanOrEqual(0);
          // The binding constraint is the one with the least slack.
          const least = Math.min(...cons.map((k) => relativeSlack(k, fig)));
          const b = cons.find((k) => k.id === c.binding.constraint);
          expect(b && relativeSlack(b, fig)).toBe(least);
        }
        for (const c of r.nearMisses) {
          expect(c.feasible).toBe(false);
          expect(c.binding.slackPct).toBeLessThan(0);
        }
        for (const a of r.front)
          for (const b of r.front) expect(isDominated(a, b, space)).toBe(false);
        // The best K is sorted by the goal.
        const g = space.spec.goal;
        const keys = r.best.map((c) => oriented(g, c.objective as number));
        expect(keys).toEqual([...keys].sort((a, b) => a - b));
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('pruned equals exhaustive', () => {
    fc.assert(
      fc.property(specArb, (part) => {
        const pruned = searchAll(spaceOf({ ...part, prune: true }));
        const full = searchAll(spaceOf({ ...part, prune: false }));
        expect(content(pruned)).toEqual(content(full));
        expect(full.stats.prunedInfeasible + full.stats.prunedByObjective).toBe(0);
        if (pruned.stats.prunedByObjective === 0) {
          expect(pruned.stats.feasible).toBe(full.stats.feasible);
          expect(pruned.stats.infeasible).toBe(full.stats.infeasible);
        }
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('pruning skips blocks that cannot meet the time limit, with the same result', () => {
    const part: SpecPart = {
      goal: 'tco_usd',
      constraints: { maxTimeToTrainDays: 15 },
      space: {
        acceleratorIds: ['a100-sxm-80gb', 'h100-sxm'],
        gpuCounts: [8, 16, 64],
        coolingTypes: ['air', 'direct-liquid'],
      },
      nearMisses: 1,
    };
    const pruned = searchAll(spaceOf({ ...part, prune: true }));
    const full = searchAll(spaceOf({ ...part, prune: false }));
    expect(pruned.stats.prunedInfeasible).toBeGreaterThan(0);
    expect(content(pruned)).toEqual(content(full));
    expect(pruned.stats.infeasible).toBe(full.stats.infeasible);
  });

  it('skips dearer regions of a build only when the cheapest shows they cannot count', () => {
    const part: SpecPart = {
      goal: 'tco_usd',
      space: {
        acceleratorIds: ['h100-sxm', 'b200'],
        gpuCounts: [8, 16, 32],
        regions: [
          { name: 'NE', electricityId: 'us-new-england' },
          { name: 'TX', electricityId: 'us-texas' },
          { name: 'NY', electricityId: 'us-new-york' },
          { name: 'flat', priceUsdPerKwh: 0.2 },
        ],
      },
      topK: 2,
      nearMisses: 1,
      front: null,
    };
    const pruned = searchAll(spaceOf({ ...part, prune: true }));
    const full = searchAll(spaceOf({ ...part, prune: false }));
    expect(pruned.stats.prunedByPrice).toBeGreaterThan(0);
    expect(content(pruned)).toEqual(content(full));
    expect(pruned.stats.feasible).toBe(full.stats.feasible);
    expect(pruned.stats.violations).toEqual(full.stats.violations);
  });

  it('cost figures do not fall as the electricity price rises (what region skipping relies on)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACCELERATORS),
        fc.constantFrom(8, 32),
        fc.constantFrom('air', 'immersion') as fc.Arbitrary<'air' | 'immersion'>,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (acc, gpus, cooling, p1, p2) => {
          const lo = Math.min(p1, p2);
          const hi = Math.max(p1, p2);
          const space = spaceOf({
            goal: 'tco_usd',
            space: {
              acceleratorIds: [acc],
              gpuCounts: [gpus],
              coolingTypes: [cooling],
              regions: [
                { name: 'lo', priceUsdPerKwh: lo },
                { name: 'hi', priceUsdPerKwh: hi },
              ],
            },
            front: null,
          });
          const a = oracleFigures(space, 0);
          const b = oracleFigures(space, 1);
          for (const id of figureIds) {
            const k = FIG[id];
            if (id === 'tco_usd' || id.startsWith('cost_per')) {
              expect(b[k] as number).toBeGreaterThanOrEqual(a[k] as number);
            } else if (!Number.isNaN(a[k] as number)) {
              expect(b[k]).toBe(a[k]);
            }
          }
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);

  it('merged chunk results do not depend on the split', () => {
    fc.assert(
      fc.property(
        specArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
        (part, cuts) => {
          const space = spaceOf(part);
          const whole = searchAll(space);
          const points = [...new Set(cuts.map((c) => Math.floor(c * space.total)))].sort(
            (a, b) => a - b,
          );
          const bounds = [0, ...points.filter((p) => p > 0 && p < space.total), space.total];
          const cache = createSearchCache();
          const chunks = bounds
            .slice(1)
            .map((end, k) => searchChunk(space, bounds[k] as number, end, { cache }));
          const merged = mergeSearchResults(space, chunks.reverse());
          expect(content(merged)).toEqual(content(whole));
          expect(merged.complete).toBe(true);
          expect(merged.stats.candidates).toBe(space.total);
          if (merged.stats.prunedByObjective === 0 && whole.stats.prunedByObjective === 0) {
            expect(merged.stats.feasible).toBe(whole.stats.feasible);
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);

  it('plans chunks on block boundaries that cover the space', () => {
    const space = spaceOf({
      goal: 'tco_usd',
      space: { gpuCounts: [8, 16, 32], coolingTypes: ['air', 'immersion'] },
    });
    for (const n of [1, 2, 3, 4, 7]) {
      const c = planChunks(space, n);
      expect(c[0]?.[0]).toBe(0);
      expect(c[c.length - 1]?.[1]).toBe(space.total);
      for (let k = 1; k < c.length; k++) expect(c[k]?.[0]).toBe(c[k - 1]?.[1]);
      if (n <= space.perfKeys) for (const [a] of c) expect(a % space.blockSize).toBe(0);
    }
  });

  it('reports engine errors as infeasible with the field named', () => {
    // A 2-tier fat tree holds at most radix² / 2 endpoints: 10,368 with the catalog's largest
    // InfiniBand switch (144 ports), fewer than 16,384 GPUs' links.
    const space = spaceOf({
      goal: 'tco_usd',
      space: { gpuCounts: [8, 16384], fatTreeTiers: [2] },
    });
    const r = searchAll(space);
    expect(r.stats.errors).toBeGreaterThan(0);
    expect(r.stats.firstError?.message).toMatch(/tiers|endpoints/);
    expect(r.best.every((c) => c.choice.gpus === 8)).toBe(true);
  });
});

describe('builds whose data-parallel degree does not divide the global batch', () => {
  it('are evaluated with each replica’s share rounded up, not counted as errors or as lacking a layout', () => {
    // Llama 3 8B, global batch 512: on 24 GPUs every layout has the factor 3 in DP (32 heads,
    // 32 layers), so each replica runs ⌈512 / DP⌉ sequences.
    const space = spaceOf({ goal: 'tco_usd', space: { gpuCounts: [8, 24] } });
    const r = searchAll(space);
    expect(r.stats.violations['no-layout'] ?? 0).toBe(0);
    expect(r.stats.errors).toBe(0);
    expect(r.stats.firstError).toBeNull();
    expect(r.stats.evaluated + r.stats.prunedInfeasible + r.stats.prunedByObjective).toBe(
      r.stats.candidates,
    );
    expect(violationLabel('no-layout', r.constraints)).toMatch(/no parallel layout/);
    expect(violationLabel('error', r.constraints)).toBe('engine error');
  });
});

describe('base scenario', () => {
  it('keeps the base model and training settings but lets the engine choose the layout', () => {
    const space = spaceOf({ goal: 'time_to_train_days', tokensToTrain: 1e11 });
    expect(space.total).toBe(1);
    const w = space.base.workload;
    expect(w.training.tokensToTrain).toBe(1e11);
    expect(w.training.microBatchSeqs).toBe('auto');
    expect(w.model.layers).toBe(BASE.workload.kind === 'training' ? BASE.workload.model.layers : 0);
  });
});

describe('every catalog accelerator on its platform, every priced region, builds in words', () => {
  it('offers each catalog accelerator with its platform’s GPUs per node', () => {
    const catalog = builtinCatalog();
    const systems = listItems(catalog, 'system');
    const ids = acceleratorIds();
    const space = spaceOf({ goal: 'tco_usd', space: { acceleratorIds: [...ids] } });
    expect(space.axes.accelerators.map((a) => a.id)).toEqual(ids);
    for (const a of space.axes.accelerators) {
      if (a.id === BASE.cluster.compute.acceleratorId) continue;
      expect(a.gpusPerNode, a.id).toBe(platformSystem(systems, a.id, false)?.gpusPerNode);
    }
    expect(space.axes.accelerators.find((a) => a.id === 'gb200')?.gpusPerNode).toBe(72);
    expect(space.axes.accelerators.find((a) => a.id === 'gb300')?.gpusPerNode).toBe(72);
  });

  it('a liquid-cooled platform is only built with direct liquid cooling', () => {
    const space = spaceOf({
      goal: 'tco_usd',
      horizonYears: 3,
      space: {
        acceleratorIds: ['gb200', 'b200'],
        gpuCounts: [144],
        coolingTypes: ['air', 'direct-liquid'],
        regions: [
          { name: 'TX', electricityId: 'us-texas' },
          { name: 'DE', electricityId: 'eu-germany' },
        ],
      },
      topK: 8,
      nearMisses: 8,
      prune: false,
    });
    const r = searchAll(space);
    const listed = [...r.best, ...r.nearMisses];
    // GB200 NVL72 under air: 2 regions, never evaluated, never listed.
    expect(r.stats.violations['needs-liquid']).toBe(2);
    expect(violationLabel('needs-liquid', r.constraints)).toMatch(/direct liquid cooling/);
    expect(
      listed.filter((c) => c.choice.acceleratorId === 'gb200' && c.choice.coolingType === 'air'),
    ).toHaveLength(0);
    const gb = listed.find((c) => c.choice.acceleratorId === 'gb200');
    expect(gb?.choice).toMatchObject({
      coolingType: 'direct-liquid',
      gpusPerNode: 72,
      nodes: 2,
      platformName: 'NVIDIA GB200 NVL72 rack (DGX GB200)',
    });
    // B200 comes in an air-cooled DGX and a liquid-cooled HGX: the platform follows the cooling.
    const b200 = (cooling: string) =>
      listed.find((c) => c.choice.acceleratorId === 'b200' && c.choice.coolingType === cooling)
        ?.choice.platformName;
    expect(b200('air')).toMatch(/DGX B200/);
    expect(b200('direct-liquid')).toMatch(/liquid-cooled/);
    expect(listed).toHaveLength(6);
  });

  it('regions: every catalog electricity price, other currencies converted, with its grid carbon', () => {
    const regions = catalogRegions();
    const prices = listItems(builtinCatalog(), 'electricity');
    expect(regions.map((x) => x.electricityId)).toEqual(prices.map((e) => e.id));
    expect(prices.some((e) => e.currency !== 'USD')).toBe(true);
    expect(regions.find((x) => x.electricityId === 'us-texas')?.carbonId).toBe(
      'united-states-2023',
    );
    expect(regions.find((x) => x.electricityId === 'eu-germany')?.carbonId).toBe('germany-2023');
    const space = spaceOf({ goal: 'tco_usd', space: { regions } });
    const p = regionPrices(space);
    expect(p).not.toBeNull();
    const de = regions.findIndex((x) => x.electricityId === 'eu-germany');
    expect(p?.[de]).toBeGreaterThan(0.21); // 0.21 EUR/kWh in USD at the catalog's rate
  });

  it('names builds in words, not catalog ids', () => {
    const space = spaceOf({
      goal: 'tco_usd',
      space: { acceleratorIds: ['b200'], gpuCounts: [512], regions: catalogRegions().slice(-1) },
    });
    const name = candidateName(candidateChoice(space, 0));
    expect(name).toBe(
      '64 × NVIDIA DGX B200 (8x B200), 512 GPUs · InfiniBand 400 Gb/s · air · parallel file system · no node cache · Germany non-household',
    );
    expect(name).not.toMatch(/b200 ×|infiniband|us-|eu-/);
  });
});
