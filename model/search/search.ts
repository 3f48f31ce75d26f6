import { costTotalsOfBuild } from '../cost';
import type { BuildCostTotals } from '../cost';
import {
  dataReliabilityFromInput,
  resolveFor,
  trainingLoad,
  trainingPerformance,
} from '../evaluate';
import type { DataReliability } from '../evaluate';
import { itPowerOf, powerTotalsOfBuild } from '../power';
import type { BuildPowerTotals, ItPower, WorkloadLoad } from '../power';
import { dataReliabilityInputFor } from '../storage';
import type { DataReliabilityInput } from '../storage';
import { unitIn } from '../metrics';
import type { MetricValue } from '../metrics';
import type { Scenario, TrainingWorkload } from '../scenario';
import type { ResolvedLayout, TrainingResult } from '../training';
import { FIG, constraintsOf, figureIds, figureInfo, relativeSlack } from './constraints';
import type { ConstraintId, FigureId, SearchConstraint } from './constraints';
import {
  candidateChoice,
  candidateName,
  computeFor,
  decodeIndex,
  facilityFor,
  networkFor,
  regionPrices,
  storageFor,
} from './space';
import type { CandidateChoice, PlatformOption, SearchSpace } from './space';
import type { SearchMetricId } from './spec';

/**
 * The search engine: evaluates candidates of a space by index range (a *chunk*), keeps the best
 * K feasible ones, the Pareto front and the nearest misses, and merges chunk results.
 *
 * Staging (each stage of model/evaluate.ts called directly, with the same inputs `evaluate()`
 * gives it, so the figures equal `evaluate(candidateScenario(...))` — tested):
 *   - training stage (auto layout search, ~1 ms): once per performance key (accelerator, GPUs,
 *     fabric, Gb/s, tiers), cached across chunks in a `SearchCache`;
 *   - data/reliability stage (~10 µs): once per distinct stage input of a performance key
 *     (storage tier × node cache; hardware resolved for another cooling mostly gives the same);
 *   - IT power: once per resolved hardware (the same in every region);
 *   - the rest of power and the cost totals (no finance schedule; the build resolved numbers
 *     only): once per candidate.
 *
 * Pruning (sound bounds only, so results equal an exhaustive search — tested): the training
 * result bounds every candidate of its block from below on wall-clock time to train (data
 * stalls, checkpoints and failures only add time: the data/reliability stage divides by the
 * useful share ≤ 1) and from above on effective throughput (useful share ≤ 1), and gives the
 * memory headroom exactly. A block certainly violating a constraint is skipped when it cannot
 * enter the near misses either; a block whose objective bound is strictly worse than the K-th
 * best (and that is strictly dominated on the front, if any) is skipped when no near misses
 * are asked for.
 */

/**
 * Why an evaluated candidate is infeasible: a violated constraint, a figure the goal or a
 * constraint needs that the engine did not produce (`missing`), no parallel layout for the GPU
 * count (`no-layout`: a property of the build, not a failure; with the layout free this no longer
 * happens, as a global batch DP does not divide is rounded up per replica), a liquid-cooled
 * platform (GB200 NVL72, …) under a cooling option other than direct liquid (`needs-liquid`:
 * such a build cannot be installed, so it is never evaluated), or an engine error (`error`).
 */
export type ViolationId = ConstraintId | 'missing' | 'error' | 'no-layout' | 'needs-liquid';

/** Words for the violation ids that are not constraints. */
export const VIOLATION_LABELS: Readonly<
  Record<'missing' | 'error' | 'no-layout' | 'needs-liquid', string>
> = {
  missing: 'figure missing',
  error: 'engine error',
  'no-layout': 'no parallel layout for the GPU count',
  'needs-liquid': 'the platform is liquid-cooled: it needs direct liquid cooling',
};

/** A violation id in words: the constraint's own label, or one of VIOLATION_LABELS. */
export function violationLabel(
  id: string,
  constraints: readonly { readonly id: string; readonly label: string }[],
): string {
  const c = constraints.find((x) => x.id === id);
  if (c) return c.label;
  return id in VIOLATION_LABELS ? VIOLATION_LABELS[id as keyof typeof VIOLATION_LABELS] : id;
}

/** The training engine's message when no TP·PP·DP·CP layout fits the GPU count and batch. */
const NO_LAYOUT_MESSAGE = 'parallelism: no layout satisfies';

/** Why a candidate is binding or infeasible: the constraint with the least relative slack. */
export type BindingConstraint = {
  readonly constraint: ViolationId;
  readonly label: string;
  /** The figure's value (null when missing). */
  readonly value: number | null;
  readonly limit: number | null;
  readonly unit: string;
  /** Relative slack, % of the limit (negative: violated by that much); null when missing. */
  readonly slackPct: number | null;
};

export type SearchLayout = Pick<
  ResolvedLayout,
  | 'tp'
  | 'pp'
  | 'dp'
  | 'cp'
  | 'ep'
  | 'etp'
  | 'vpp'
  | 'zeroStage'
  | 'microBatch'
  | 'recompute'
  | 'sequenceParallel'
> & {
  /** Block recompute: layers per stage recomputed (absent: all, or no full recompute). */
  readonly recomputeLayers?: number;
};

export type SearchCandidate = {
  readonly index: number;
  readonly name: string;
  readonly choice: CandidateChoice;
  /** The layout the training engine chose (null when it failed). */
  readonly layout: SearchLayout | null;
  /** Figures by id in their units (null when not produced). */
  readonly figures: Readonly<Record<FigureId, number | null>>;
  /** The goal metric's value (null when missing). */
  readonly objective: number | null;
  readonly feasible: boolean;
  readonly binding: BindingConstraint;
  /** Largest relative violation (0 when feasible). */
  readonly violation: number;
  readonly error: string | null;
};

export type SearchStats = {
  /** Candidates in the range(s). */
  readonly candidates: number;
  /** Candidates run through every stage. */
  readonly evaluated: number;
  /** Candidates meeting every constraint (exact when `prunedByObjective` is 0). */
  readonly feasible: number;
  /** Candidates violating a constraint or failing (exact when `prunedByObjective` is 0). */
  readonly infeasible: number;
  /** Candidates the engine rejected (error). */
  readonly errors: number;
  /** Skipped: a bound shows they violate a constraint. Counted in `infeasible`. */
  readonly prunedInfeasible: number;
  /** Skipped: a bound shows they cannot enter the best K or the front. */
  readonly prunedByObjective: number;
  /**
   * Skipped: the same build in a region with cheaper power was evaluated, and its outcome shows
   * this one cannot enter any list (classified exactly: every figure but cost is the same, and
   * cost does not fall with the price). Counted in `feasible`/`infeasible`.
   */
  readonly prunedByPrice: number;
  /** Training-engine runs (layout searches); counts each worker's own. */
  readonly perfEvaluations: number;
  /** Evaluated candidates whose binding (most violated) constraint is each one. */
  readonly violations: Readonly<Partial<Record<ViolationId, number>>>;
  /** First engine error by index. */
  readonly firstError: { readonly index: number; readonly message: string } | null;
};

export type ChunkResult = {
  readonly start: number;
  readonly end: number;
  readonly best: readonly SearchCandidate[];
  readonly front: readonly SearchCandidate[];
  readonly nearMisses: readonly SearchCandidate[];
  readonly stats: SearchStats;
};

export type SearchResult = ChunkResult & {
  readonly total: number;
  /** True when the chunks cover every candidate. */
  readonly complete: boolean;
  /** ISO code of every money figure and limit (the base scenario's currency). */
  readonly currency: string;
  readonly goal: {
    readonly metric: SearchMetricId;
    readonly label: string;
    readonly unit: string;
    readonly better: 'lower' | 'higher';
  };
  readonly constraints: readonly SearchConstraint[];
  readonly frontAxes: {
    readonly x: { readonly metric: SearchMetricId; readonly label: string; readonly unit: string };
    readonly y: { readonly metric: SearchMetricId; readonly label: string; readonly unit: string };
  } | null;
};

type PerfOk = {
  readonly ok: true;
  readonly training: TrainingResult;
  readonly metrics: Readonly<Record<string, MetricValue>>;
  readonly layout: SearchLayout;
};
type PerfEntry = PerfOk | { readonly ok: false; readonly error: string };

/** Training results per performance key, kept across chunks of one space (one per worker). */
export type SearchCache = { readonly perf: Map<string, PerfEntry>; readonly space: unknown };

/** An empty training-result cache (one per worker; reset when used with another space). */
export function createSearchCache(): SearchCache {
  return { perf: new Map(), space: null };
}

export type ChunkProgress = {
  /** Candidates of the chunk handled so far (evaluated or pruned). */
  readonly done: number;
  /** Best feasible goal value so far in this chunk (null: none yet). */
  readonly bestObjective: number | null;
};

export type ChunkOptions = {
  /** Reuse training results across chunks of the same space (pass the same object). */
  readonly cache?: SearchCache;
  readonly onProgress?: (p: ChunkProgress) => void;
  /** Report progress every this many candidates (default 5,000). */
  readonly progressEvery?: number;
};

const TOL = 1e-9;

/** Orientation: `key` is minimised (the goal's value, negated when higher is better). */
function sign(metric: FigureId): 1 | -1 {
  return figureInfo(metric).better === 'higher' ? -1 : 1;
}

type Entry = {
  readonly index: number;
  readonly key: number;
  readonly fx: number;
  readonly fy: number;
  readonly violation: number;
  readonly figures: Float64Array;
  readonly perf: PerfOk | null;
  readonly bindingIdx: number;
  readonly error: string | null;
};

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function finiteOrNaN(m: MetricValue | undefined): number {
  return m !== undefined ? finiteNumberOrNaN(m.value) : NaN;
}

function finiteNumberOrNaN(v: number | null): number {
  return v !== null && Number.isFinite(v) ? v : NaN;
}

function perfKey(d: readonly number[]): string {
  return `${d[0]}|${d[1]}|${d[2]}|${d[3]}|${d[4]}`;
}

/** Insert into a list sorted by (score, index), keeping at most `k`. */
function insertSorted(list: Entry[], e: Entry, k: number, score: (x: Entry) => number): void {
  if (k <= 0) return;
  const s = score(e);
  if (list.length >= k) {
    const last = list[list.length - 1] as Entry;
    const ls = score(last);
    if (s > ls || (s === ls && e.index > last.index)) return;
  }
  let i = list.length;
  while (i > 0) {
    const p = list[i - 1] as Entry;
    const ps = score(p);
    if (ps < s || (ps === s && p.index < e.index)) break;
    i--;
  }
  list.splice(i, 0, e);
  if (list.length > k) list.pop();
}

/** Whether an entry scoring `s` at `index` would enter a list sorted by (score, index) of at most `k`. */
function fits(
  list: readonly Entry[],
  k: number,
  s: number,
  index: number,
  score: (x: Entry) => number,
): boolean {
  if (k <= 0) return false;
  if (list.length < k) return true;
  const last = list[list.length - 1] as Entry;
  const ls = score(last);
  return s < ls || (s === ls && index < last.index);
}

function keyOf(x: Entry): number {
  return x.key;
}

function violationOf(x: Entry): number {
  return x.violation;
}

function makeEntry(
  index: number,
  key: number,
  fx: number,
  fy: number,
  violation: number,
  fig: Float64Array,
  perf: PerfOk,
  bindingIdx: number,
): Entry {
  return { index, key, fx, fy, violation, figures: fig.slice(), perf, bindingIdx, error: null };
}

/** Whether a front member strictly dominates (x, y). */
function dominatedBy(front: readonly Entry[], x: number, y: number): boolean {
  for (const f of front) if (dominates(f.fx, f.fy, x, y)) return true;
  return false;
}

function dominates(ax: number, ay: number, bx: number, by: number): boolean {
  return ax <= bx && ay <= by && (ax < bx || ay < by);
}

/** Add to a Pareto front (minimising fx, fy); false if dominated. */
function addToFront(front: Entry[], e: Entry): void {
  for (const f of front) if (dominates(f.fx, f.fy, e.fx, e.fy)) return;
  let j = 0;
  for (const f of front) if (!dominates(e.fx, e.fy, f.fx, f.fy)) front[j++] = f;
  front.length = j;
  front.push(e);
}

function frontOrder(a: { fx: number; fy: number; index: number }, b: typeof a): number {
  return a.fx - b.fx || a.fy - b.fy || a.index - b.index;
}

/** Context of one space: orientation, constraints, the objects shared by candidates. */
type Ctx = {
  readonly space: SearchSpace;
  readonly constraints: readonly SearchConstraint[];
  readonly goalFig: number;
  readonly goalSign: number;
  readonly frontX: number;
  readonly frontY: number;
  readonly xSign: number;
  readonly ySign: number;
  readonly required: readonly number[];
  readonly facilities: readonly Scenario['facility'][];
  /**
   * The storage section of each storage tier × node cache (`s * caches + c`): one object per
   * option for the whole chunk, so the build's memos keyed by the section (its storage tiers
   * resolved per node count) serve every block with the same nodes.
   */
  readonly storages: readonly Scenario['cluster']['storage'][];
  /** Region indices in ascending electricity price (ties by index). */
  readonly regionOrder: readonly number[];
  /**
   * Whether a group's dearer regions may be skipped on the cheapest's outcome: pruning on,
   * every region priced, no price-dependent constraint (TCO limit). Goals and front axes are
   * all either independent of the electricity price or non-decreasing in it.
   */
  readonly regionSkip: boolean;
};

function makeCtx(space: SearchSpace): Ctx {
  const spec = space.spec;
  const cool = space.axes.coolingTypes.length;
  const reg = space.axes.regions.length;
  const facilities: Scenario['facility'][] = [];
  for (let c = 0; c < cool; c++)
    for (let r = 0; r < reg; r++) facilities.push(facilityFor(space, c, r));
  const storages: Scenario['cluster']['storage'][] = [];
  for (let st = 0; st < space.axes.storageTiers.length; st++)
    for (let c = 0; c < space.axes.nodeCacheDrivesPerNode.length; c++)
      storages.push(storageFor(space, st, c));
  const required = [FIG[spec.goal]];
  if (spec.front) required.push(FIG[spec.front.x], FIG[spec.front.y]);
  const prices = regionPrices(space);
  const regionOrder = space.axes.regions.map((_, i) => i);
  if (prices) regionOrder.sort((a, b) => (prices[a] as number) - (prices[b] as number) || a - b);
  const constraints = constraintsOf(spec);
  return {
    regionOrder,
    regionSkip:
      spec.prune && prices !== null && reg > 1 && !constraints.some((c) => c.id === 'maxTcoUsd'),
    space,
    constraints,
    goalFig: FIG[spec.goal],
    goalSign: sign(spec.goal),
    frontX: spec.front ? FIG[spec.front.x] : -1,
    frontY: spec.front ? FIG[spec.front.y] : -1,
    xSign: spec.front ? sign(spec.front.x) : 1,
    ySign: spec.front ? sign(spec.front.y) : 1,
    required,
    facilities,
    storages,
  };
}

function runPerf(space: SearchSpace, d: readonly number[]): PerfEntry {
  const scenario: Scenario = {
    ...space.base,
    cluster: {
      compute: computeFor(space, d[0] as number, d[1] as number),
      network: networkFor(space, d[2] as number, d[3] as number, d[4] as number),
      storage: space.base.cluster.storage,
    },
  };
  try {
    const perf = trainingPerformance(scenario, scenario.workload as TrainingWorkload);
    const out = { training: perf.result, metrics: perf.metrics };
    const l = out.training.layout;
    return {
      ok: true,
      training: out.training,
      metrics: out.metrics,
      layout: {
        tp: l.tp,
        pp: l.pp,
        dp: l.dp,
        cp: l.cp,
        ep: l.ep,
        ...(l.etp !== undefined ? { etp: l.etp } : {}),
        vpp: l.vpp,
        zeroStage: l.zeroStage,
        microBatch: l.microBatch,
        recompute: l.recompute,
        sequenceParallel: l.sequenceParallel,
        ...(l.recomputeLayers !== undefined ? { recomputeLayers: l.recomputeLayers } : {}),
      },
    };
  } catch (e) {
    return { ok: false, error: errorMessage(e) };
  }
}

/** What the goal, front and near-miss lists saw of one candidate (null: error or missing). */
type Outcome = {
  readonly key: number;
  readonly fx: number;
  readonly fy: number;
  readonly violation: number;
  readonly bindingIdx: number;
} | null;

type DrEntry =
  | {
      readonly ok: true;
      /** Wall-clock time to train and effective throughput. */
      readonly metrics: Readonly<Record<string, MetricValue>>;
      readonly dr: DataReliability;
    }
  | { readonly ok: false; readonly error: string };

/**
 * What a block's candidates on one resolved hardware share, whatever the region: the data and
 * reliability outcome, the load it gives and the IT power under it (at `utilization`).
 */
type HardwareEntry = {
  readonly dr: DrEntry;
  readonly load: WorkloadLoad | null;
  it: ItPower | null;
  utilization: number;
};

/**
 * Whether two values are the same data: numbers, strings and the like by `Object.is`, arrays
 * and plain objects by their entries (the data/reliability stage's inputs; equal inputs give
 * equal outcomes, `dataReliabilityFromInput`).
 */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/**
 * Evaluate candidates `start` ≤ index < `end` of a space.
 * @returns the chunk's best K, front, near misses and counts (merge with `mergeSearchResults`)
 */
export function searchChunk(
  space: SearchSpace,
  start: number,
  end: number,
  options: ChunkOptions = {},
): ChunkResult {
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 0 ||
    end > space.total ||
    start > end
  )
    throw new RangeError(
      `chunk must satisfy 0 ≤ start ≤ end ≤ ${space.total} (got ${start}, ${end})`,
    );
  const ctx = makeCtx(space);
  const spec = space.spec;
  const cache = options.cache ?? createSearchCache();
  if (cache.space !== space) {
    cache.perf.clear();
    (cache as { space: unknown }).space = space;
  }
  const K = spec.topK;
  const NM = spec.nearMisses;
  const every = options.progressEvery ?? 5000;
  const best: Entry[] = [];
  const front: Entry[] = [];
  const near: Entry[] = [];
  const violations: Partial<Record<ViolationId, number>> = {};
  let evaluated = 0;
  let feasible = 0;
  let infeasible = 0;
  let errors = 0;
  let prunedInfeasible = 0;
  let prunedByObjective = 0;
  let prunedByPrice = 0;
  let perfEvaluations = 0;
  let firstError: { index: number; message: string } | null = null;
  let nextReport = start + every;
  const scratch = new Float64Array(figureIds.length);

  const nCons = ctx.constraints.length;
  const timeCons = ctx.constraints.find((c) => c.id === 'maxTimeToTrainDays');
  const tokCons = ctx.constraints.find((c) => c.id === 'minEffectiveTokensPerS');
  const nCool = space.axes.coolingTypes.length;
  const nSto = space.axes.storageTiers.length;
  const nCache = space.axes.nodeCacheDrivesPerNode.length;
  const nReg = space.axes.regions.length;

  const countViolation = (id: ViolationId): void => {
    violations[id] = (violations[id] ?? 0) + 1;
  };
  const recordError = (index: number, message: string): void => {
    errors++;
    infeasible++;
    countViolation('error');
    if (firstError === null || index < firstError.index) firstError = { index, message };
  };
  const progress = (i: number): void => {
    if (options.onProgress && i >= nextReport) {
      nextReport = i + every;
      const b = best[0];
      options.onProgress({
        done: i - start,
        bestObjective: b ? (b.figures[ctx.goalFig] as number) : null,
      });
    }
  };

  let index = start;
  while (index < end) {
    const d = decodeIndex(space, index);
    const blockStart = index - (index % space.blockSize);
    const blockEnd = Math.min(end, blockStart + space.blockSize);
    const key = perfKey(d);
    let perf = cache.perf.get(key);
    if (!perf) {
      perf = runPerf(space, d);
      perfEvaluations++;
      cache.perf.set(key, perf);
    }
    if (!perf.ok) {
      const msg = perf.error;
      const noLayout = msg.startsWith(NO_LAYOUT_MESSAGE);
      for (let i = index; i < blockEnd; i++) {
        if (noLayout) {
          infeasible++;
          countViolation('no-layout');
        } else {
          recordError(i, msg);
        }
        evaluated++;
      }
      index = blockEnd;
      progress(index);
      continue;
    }
    const tr = perf.training;
    const n = blockEnd - index;

    // Bounds for the whole block from the training result.
    const headroom = finiteOrNaN(perf.metrics['memory_headroom_gib']);
    const memUsed = finiteOrNaN(perf.metrics['memory_per_gpu_gib']);
    let violLb = 0;
    if (headroom < 0) violLb = -headroom / (memUsed + headroom);
    const timeLb = tr.timeToTrainDays === null ? NaN : tr.timeToTrainDays * (1 - TOL);
    const tokUb = tr.tokensPerS * (1 + TOL);
    if (timeCons && timeLb > timeCons.limit)
      violLb = Math.max(violLb, (timeLb - timeCons.limit) / timeCons.limit);
    if (tokCons && tokUb < tokCons.limit)
      violLb = Math.max(violLb, (tokCons.limit - tokUb) / tokCons.limit);
    if (spec.prune && violLb > 0) {
      const nearFull =
        NM === 0 || (near.length >= NM && violLb > (near[NM - 1] as Entry).violation);
      if (nearFull) {
        prunedInfeasible += n;
        infeasible += n;
        index = blockEnd;
        progress(index);
        continue;
      }
    }
    if (spec.prune && NM === 0 && violLb === 0 && best.length >= K) {
      const lb = (fig: number, s: number): number => {
        if (fig === FIG.time_to_train_days && s === 1) return timeLb;
        if (fig === FIG.effective_tokens_per_s && s === -1) return -tokUb;
        return -Infinity;
      };
      const goalLb = lb(ctx.goalFig, ctx.goalSign);
      const worse = goalLb > (best[K - 1] as Entry).key;
      let dominated = true;
      if (ctx.frontX >= 0) {
        const xl = lb(ctx.frontX, ctx.xSign);
        const yl = lb(ctx.frontY, ctx.ySign);
        dominated = dominatedBy(front, xl, yl);
      }
      if (worse && dominated) {
        prunedByObjective += n;
        index = blockEnd;
        progress(index);
        continue;
      }
    }

    // Evaluate the block's candidates in the range, one group (same build, every region) at a
    // time, regions in ascending electricity price (see `regionSkip`).
    const clusters: (Scenario['cluster'] | undefined)[] = new Array(nSto * nCache);
    // Data and reliability depend on the build's hardware (its storage tiers, cache and
    // switches): one per resolved hardware, whatever the region, and one per distinct input of
    // the stage (hardware resolved for another cooling often gives the same input). The IT
    // power depends on the hardware and the load: one per resolved hardware too.
    const hwCache = new Map<object, HardwareEntry>();
    // Inputs met, by the candidate's storage section (inputs of different sections differ).
    const drInputs = new Map<object, { readonly input: DataReliabilityInput; dr: DrEntry }[]>();
    const compute = computeFor(space, d[0], d[1]);
    const network = networkFor(space, d[2], d[3], d[4]);
    const w = space.base.workload as TrainingWorkload;
    const platforms = space.platforms.slice(d[0] * nCool, (d[0] + 1) * nCool);
    const evalOne = (i: number): Outcome => {
      const inner = i % space.blockSize;
      const r = inner % nReg;
      const c = Math.floor(inner / nReg) % nCache;
      const s = Math.floor(inner / (nReg * nCache)) % nSto;
      const cool = Math.floor(inner / (nReg * nCache * nSto)) % nCool;
      evaluated++;
      if ((platforms[cool] as PlatformOption).needsLiquid) {
        infeasible++;
        countViolation('needs-liquid');
        return null;
      }
      const ck = s * nCache + c;
      let cluster = clusters[ck];
      if (!cluster) {
        cluster = { compute, network, storage: ctx.storages[ck] as Scenario['cluster']['storage'] };
        clusters[ck] = cluster;
      }
      const scenario: Scenario = {
        ...space.base,
        cluster,
        facility: ctx.facilities[cool * nReg + r] as Scenario['facility'],
      };
      let cost: BuildCostTotals;
      let p: BuildPowerTotals;
      let pue: number;
      let dr: DrEntry;
      try {
        // Numbers only: the search reads figures, never the build's assumptions.
        const build = resolveFor(scenario, false);
        if (build === null) throw new Error('no catalog system for the accelerator');
        // The resolved node is made with its hardware: one object per resolved hardware.
        let hw = hwCache.get(build.node);
        if (!hw) {
          let found: DrEntry | undefined;
          let input: DataReliabilityInput | undefined;
          let met = drInputs.get(cluster.storage);
          if (!met) {
            met = [];
            drInputs.set(cluster.storage, met);
          }
          try {
            input = dataReliabilityInputFor(scenario, w, tr, build);
            for (const e of met) {
              if (sameData(e.input, input)) {
                found = e.dr;
                break;
              }
            }
            if (!found) {
              const out = dataReliabilityFromInput(input, w, tr);
              found = { ok: true, metrics: out.wallMetrics, dr: out };
            }
          } catch (e) {
            found = { ok: false, error: errorMessage(e) };
          }
          if (input !== undefined && !met.some((e) => e.dr === found))
            met.push({ input, dr: found });
          hw = {
            dr: found,
            load: found.ok ? trainingLoad(w, tr, found.dr.result, build.gpus) : null,
            it: null,
            utilization: NaN,
          };
          hwCache.set(build.node, hw);
        }
        dr = hw.dr;
        if (!dr.ok) {
          recordError(i, dr.error);
          return null;
        }
        const res = dr.dr.result;
        const load = hw.load as WorkloadLoad;
        const utilization = build.finance.utilization;
        if (hw.it === null || !Object.is(hw.utilization, utilization)) {
          hw.it = itPowerOf(build, load, utilization);
          hw.utilization = utilization;
        }
        p = powerTotalsOfBuild(build, hw.it);
        const stalled = res.timeToTrainFactor === null || res.wallShares.useful <= 0;
        // The totals only (the schedule, NPV and rental comparison are not searched on).
        cost = costTotalsOfBuild(build, p, {
          tokensPerSecond: stalled ? null : tr.tokensPerS * res.wallShares.useful,
          timeToTrainS: stalled || dr.dr.wallDays === null ? null : dr.dr.wallDays * 86_400,
          rentalPerGpuHour: null,
          servingGpus: null,
        });
        pue = build.facility.pue;
      } catch (e) {
        recordError(i, errorMessage(e));
        return null;
      }
      const fig = scratch;
      fig[FIG.time_to_train_days] = finiteOrNaN(dr.metrics['time_to_train_days']);
      fig[FIG.effective_tokens_per_s] = finiteOrNaN(dr.metrics['effective_tokens_per_s']);
      fig[FIG.tco_usd] = finiteNumberOrNaN(cost.tcoUsd);
      fig[FIG.cost_per_million_tokens_usd] = finiteNumberOrNaN(cost.perMillionTokensUsd);
      fig[FIG.cost_per_training_run_usd] = finiteNumberOrNaN(cost.perRunUsd);
      fig[FIG.capex_usd] = finiteNumberOrNaN(cost.capexUsd);
      // The power figures `powerOfBuild` registers as facility_power_kw, it_power_peak_kw (× PUE)
      // and racks.
      fig[FIG.facility_power_kw] = finiteNumberOrNaN(p.facility.facilityAvgKw);
      const peak = finiteNumberOrNaN(p.it.peakTotalKw) * pue;
      fig[FIG.facility_peak_power_kw] = Number.isFinite(peak) ? peak : NaN;
      fig[FIG.racks] = finiteNumberOrNaN(p.racks.racks);
      fig[FIG.memory_headroom_gib] = headroom;
      fig[FIG.memory_per_gpu_gib] = memUsed;
      fig[FIG.mfu_pct] = finiteOrNaN(perf.metrics['mfu_pct']);

      // Binding constraint: least relative slack (first of equals).
      let minSlack = Infinity;
      let bindingIdx = 0;
      for (let k = 0; k < nCons; k++) {
        const sl = relativeSlack(ctx.constraints[k] as SearchConstraint, fig);
        if (sl < minSlack) {
          minSlack = sl;
          bindingIdx = k;
        }
      }
      let missing = minSlack === -Infinity;
      for (const f of ctx.required) if (Number.isNaN(fig[f] as number)) missing = true;
      if (missing) {
        infeasible++;
        countViolation('missing');
        return null;
      }
      const key = (fig[ctx.goalFig] as number) * ctx.goalSign;
      const fx = ctx.frontX >= 0 ? (fig[ctx.frontX] as number) * ctx.xSign : 0;
      const fy = ctx.frontY >= 0 ? (fig[ctx.frontY] as number) * ctx.ySign : 0;
      const violation = minSlack < 0 ? -minSlack : 0;
      // An entry (with a copy of the figures) only for candidates that enter a list (made
      // there, not through a closure per candidate).
      if (minSlack >= 0) {
        feasible++;
        if (fits(best, K, key, i, keyOf))
          insertSorted(best, makeEntry(i, key, fx, fy, violation, fig, perf, bindingIdx), K, keyOf);
        if (ctx.frontX >= 0 && !dominatedBy(front, fx, fy)) {
          addToFront(front, makeEntry(i, key, fx, fy, violation, fig, perf, bindingIdx));
        }
      } else {
        infeasible++;
        countViolation((ctx.constraints[bindingIdx] as SearchConstraint).id);
        if (fits(near, NM, violation, i, violationOf)) {
          const e = makeEntry(i, key, fx, fy, violation, fig, perf, bindingIdx);
          insertSorted(near, e, NM, violationOf);
        }
      }
      return { key, fx, fy, violation, bindingIdx };
    };

    let g = index - (index % nReg);
    while (g < blockEnd) {
      const gEnd = Math.min(blockEnd, g + nReg);
      let first: Outcome = null;
      let firstDone = false;
      for (const r of ctx.regionOrder) {
        const i = g + r;
        if (i < index || i >= gEnd) continue;
        if (firstDone && first !== null && ctx.regionSkip) {
          // Same build, a price ≥ the first's: every figure is the same except the cost
          // figures, which are no lower (checked in tests), so the first's outcome bounds it.
          const f = first;
          if (f.violation === 0) {
            const out =
              !fits(best, K, f.key, i, keyOf) && (ctx.frontX < 0 || dominatedBy(front, f.fx, f.fy));
            if (out) {
              feasible++;
              prunedByPrice++;
              continue;
            }
          } else if (
            NM === 0 ||
            (near.length >= NM && f.violation > (near[NM - 1] as Entry).violation)
          ) {
            infeasible++;
            prunedByPrice++;
            countViolation((ctx.constraints[f.bindingIdx] as SearchConstraint).id);
            continue;
          }
        }
        const o = evalOne(i);
        if (!firstDone) {
          first = o;
          firstDone = true;
        }
      }
      g = gEnd;
      progress(g);
    }
    index = blockEnd;
  }
  if (options.onProgress) {
    const b = best[0];
    options.onProgress({
      done: end - start,
      bestObjective: b ? (b.figures[ctx.goalFig] as number) : null,
    });
  }
  front.sort(frontOrder);
  const out = (e: Entry): SearchCandidate => materialise(ctx, e);
  return {
    start,
    end,
    best: best.map(out),
    front: front.map(out),
    nearMisses: near.map(out),
    stats: {
      candidates: end - start,
      evaluated,
      feasible,
      infeasible,
      errors,
      prunedInfeasible,
      prunedByObjective,
      prunedByPrice,
      perfEvaluations,
      violations,
      firstError,
    },
  };
}

function round(v: number): number {
  return Number(v.toPrecision(12));
}

function materialise(ctx: Ctx, e: Entry): SearchCandidate {
  const figures = {} as Record<FigureId, number | null>;
  figureIds.forEach((id, k) => {
    const v = e.figures[k] as number;
    figures[id] = Number.isNaN(v) ? null : v;
  });
  const c = ctx.constraints[e.bindingIdx] as SearchConstraint;
  const v = figures[c.figure];
  const slack = relativeSlack(c, e.figures);
  const choice = candidateChoice(ctx.space, e.index);
  return {
    index: e.index,
    name: candidateName(choice),
    choice,
    layout: e.perf ? e.perf.layout : null,
    figures,
    objective: figures[ctx.space.spec.goal],
    feasible: e.violation === 0,
    binding: {
      constraint: c.id,
      label: c.label,
      value: v,
      limit: c.limit,
      unit: c.unit,
      slackPct: Number.isFinite(slack) ? round(slack * 100) : null,
    },
    violation: e.violation,
    error: e.error,
  };
}

/** Orientation keys of a materialised candidate (same as the chunk's). */
function keysOf(space: SearchSpace, c: SearchCandidate): { key: number; fx: number; fy: number } {
  const spec = space.spec;
  const g = c.figures[spec.goal] as number;
  const key = g * sign(spec.goal);
  if (!spec.front) return { key, fx: 0, fy: 0 };
  return {
    key,
    fx: (c.figures[spec.front.x] as number) * sign(spec.front.x),
    fy: (c.figures[spec.front.y] as number) * sign(spec.front.y),
  };
}

/**
 * Merge chunk results of one space (any split, any order) into the search result: the same
 * best K, front and near misses as one chunk over the union (tested).
 */
export function mergeSearchResults(
  space: SearchSpace,
  chunks: readonly ChunkResult[],
): SearchResult {
  const spec = space.spec;
  const all = <T>(pick: (c: ChunkResult) => readonly T[]): T[] => chunks.flatMap(pick);
  const bestAll = all((c) => c.best)
    .map((c) => ({ c, ...keysOf(space, c) }))
    .sort((a, b) => a.key - b.key || a.c.index - b.c.index)
    .slice(0, spec.topK);
  const frontIn = all((c) => c.front).map((c) => ({ c, ...keysOf(space, c), index: c.index }));
  const frontOut = frontIn
    .filter((p) => !frontIn.some((q) => dominates(q.fx, q.fy, p.fx, p.fy)))
    .sort(frontOrder);
  const near = all((c) => c.nearMisses)
    .sort((a, b) => a.violation - b.violation || a.index - b.index)
    .slice(0, spec.nearMisses);
  const violations: Partial<Record<ViolationId, number>> = {};
  let firstError: SearchStats['firstError'] = null;
  const sum = (f: (s: SearchStats) => number): number => chunks.reduce((a, c) => a + f(c.stats), 0);
  for (const c of chunks) {
    for (const [k, v] of Object.entries(c.stats.violations)) {
      const id = k as ConstraintId;
      violations[id] = (violations[id] ?? 0) + (v ?? 0);
    }
    const fe = c.stats.firstError;
    if (fe && (firstError === null || fe.index < firstError.index)) firstError = fe;
  }
  const ranges = chunks.map((c) => [c.start, c.end] as const).sort((a, b) => a[0] - b[0]);
  let covered = 0;
  for (const [s, e] of ranges) if (s <= covered) covered = Math.max(covered, e);
  // Money in the base scenario's currency: registered `¤` units and the spec's money limits.
  const currency = space.base.finance.currency;
  const info = (m: SearchMetricId) => {
    const i = figureInfo(m);
    return { metric: m, label: i.label, unit: unitIn(i.unit, currency) };
  };
  return {
    start: 0,
    end: space.total,
    total: space.total,
    complete: covered >= space.total,
    goal: { ...info(spec.goal), better: figureInfo(spec.goal).better },
    currency,
    constraints: constraintsOf(spec).map((c) => (c.unit === 'USD' ? { ...c, unit: currency } : c)),
    frontAxes: spec.front ? { x: info(spec.front.x), y: info(spec.front.y) } : null,
    best: bestAll.map((b) => b.c),
    front: frontOut.map((p) => p.c),
    nearMisses: near,
    stats: {
      candidates: sum((s) => s.candidates),
      evaluated: sum((s) => s.evaluated),
      feasible: sum((s) => s.feasible),
      infeasible: sum((s) => s.infeasible),
      errors: sum((s) => s.errors),
      prunedInfeasible: sum((s) => s.prunedInfeasible),
      prunedByObjective: sum((s) => s.prunedByObjective),
      prunedByPrice: sum((s) => s.prunedByPrice),
      perfEvaluations: sum((s) => s.perfEvaluations),
      violations,
      firstError,
    },
  };
}

/**
 * Split [0, total) into about `count` chunks, on performance-key block boundaries when there
 * are at least `count` blocks (so no layout search runs twice), else evenly.
 */
export function planChunks(space: SearchSpace, count: number): Array<readonly [number, number]> {
  const n = Math.max(1, Math.floor(count));
  const out: Array<readonly [number, number]> = [];
  if (space.total === 0) return out;
  if (space.perfKeys >= n) {
    for (let k = 0; k < n; k++) {
      const a = Math.floor((space.perfKeys * k) / n) * space.blockSize;
      const b = Math.floor((space.perfKeys * (k + 1)) / n) * space.blockSize;
      if (b > a) out.push([a, b]);
    }
  } else {
    for (let k = 0; k < n; k++) {
      const a = Math.floor((space.total * k) / n);
      const b = Math.floor((space.total * (k + 1)) / n);
      if (b > a) out.push([a, b]);
    }
  }
  return out;
}

/** Search a whole space in this thread (one chunk), e.g. for tests and small spaces. */
export function searchAll(space: SearchSpace, options: ChunkOptions = {}): SearchResult {
  return mergeSearchResults(space, [searchChunk(space, 0, space.total, options)]);
}
