import { resolveBuild } from './build';
import type { BuildAssumption, ResolvedBuild } from './build';
import { acceleratorIn, builtinCatalog, mergeUserCatalog } from './catalog';
import type { Accelerator } from './catalog';
import type { Catalog } from './catalog';
import { costOfBuild } from './cost';
import type { BuildCost, CostResult, LostShares } from './cost';
import { formatWhole } from './math';
import { checkMetricValue, metricRegistry, unitIn } from './metrics';
import type { MetricValue } from './metrics';
import { powerOfBuild } from './power';
import type {
  BuildPower,
  FacilityFigures,
  GpuActivity,
  ItPowerLines,
  NodePowerBreakdown,
  RackPlan,
  WorkloadLoad,
} from './power';
import type { ClusterNetworkBom } from './fabric';
import type { Scenario, ServingWorkload, TrainingWorkload } from './scenario';
import {
  adjustTimeToTrainDays,
  dataReliabilityInputFor,
  evaluateDataAndReliability,
} from './storage';
import type { DataReliabilityInput, DataReliabilityResult } from './storage';
import {
  evaluateServing,
  gpusForTargetLoad,
  servingCurve,
  servingFigures,
  servingLayoutText,
  sloLoadShortfall,
  UnreachableSloError,
} from './serving';
import type {
  ServingCurve,
  ServingResult,
  ServingSections,
  ServingSizing,
  ServingSlo,
} from './serving';
import { scalingCurve, simulateTraining, trainingMetricValues } from './training';
import type { ScalingPoint, TrainingResult, TrainingSections } from './training';
import { expertParallelIgnored } from './workload';

/**
 * `evaluate(scenario)`: the engine's one entry point, a short pipeline of named pure functions:
 *
 *   resolve      what the scenario buys: system, node parts, fabric bill of materials at the
 *                chosen speed, storage tiers and caches, facility and finance terms, each value
 *                with its provenance (model/build `resolveBuild`);
 *   performance  training (step time, throughput, MFU, memory: model/training) or serving
 *                (throughput, latency under load, KV cache: model/serving);
 *   data and reliability  (training) data stall, checkpoints, failures, goodput, wall-clock
 *                time to train (model/storage + model/reliability);
 *   power        IT power from the GPUs' activity over the step, facility power, racks
 *                (model/power `powerOfBuild`);
 *   cost         capex, opex, TCO, NPV and unit costs in the scenario's currency
 *                (model/cost `costOfBuild`);
 *   assemble     every figure as a registered metric, breakdowns, the bottleneck, warnings.
 *
 * The design search and the analyses call the same functions (`performanceOf`,
 * `dataReliabilityOf`, `trainingLoad`, `powerOfBuild`, `costOfBuild`, `resolveFor`).
 */

/** One part of a breakdown: a registered metric shown as a slice of its whole. */
export type BreakdownPart = {
  readonly metricId: string;
  readonly label: string;
  readonly value: number;
  readonly unit: string;
};

/** Named breakdowns, e.g. `stepTime` (parts sum to `step_time_s`), `memory` (per GPU). */
export type Breakdowns = Readonly<Record<string, readonly BreakdownPart[]>>;

/** What binds the result, in words, and which step of the pipeline said so. */
export type EvaluationBottleneck = {
  readonly stage: string;
  readonly kind: string;
  readonly text: string;
  /**
   * Share of the wall-clock time this bottleneck costs, in [0, 1], used to choose among
   * candidates (the largest binds). Training's candidate uses its largest overhead (exposed
   * communication, bubble, recompute, optimizer) as a share of the step; data and reliability
   * the share of wall time lost to its largest cause.
   */
  readonly share: number;
};

/** Power and cost of a build as the screens and exports read them. */
export type PowerCostResult = {
  readonly systemId: string;
  readonly nodes: number;
  readonly node: {
    /** One node while the workload runs (mean over the build's nodes), W by component. */
    readonly running: NodePowerBreakdown;
    readonly peak: NodePowerBreakdown;
    readonly ratedW: number;
  };
  /** IT power by line, kW: calendar average, while running, and peak (lines sum to totals). */
  readonly itPowerKw: {
    readonly average: ItPowerLines;
    readonly running: ItPowerLines;
    readonly peak: ItPowerLines;
  };
  readonly facility: FacilityFigures;
  readonly pue: number;
  readonly racks: RackPlan;
  readonly network: ClusterNetworkBom;
  readonly cost: CostResult;
  /** The GPUs' activity while the workload runs (shares of wall time). */
  readonly activity: GpuActivity;
  readonly warnings: readonly { readonly code: string; readonly message: string }[];
};

export type EvaluationResult = {
  readonly scenario: string;
  readonly workloadKind: Scenario['workload']['kind'];
  /** ISO 4217 code of every money figure. */
  readonly currency: string;
  /** Every figure, keyed by registered metric id, with its unit (money in `currency`). Always finite. */
  readonly metrics: Readonly<Record<string, MetricValue>>;
  readonly breakdown: Breakdowns;
  readonly bottleneck: EvaluationBottleneck | null;
  readonly warnings: readonly string[];
  /** What the scenario buys, every value with its provenance; null when no catalog system holds the accelerator. */
  readonly build: ResolvedBuild | null;
  /** The build values the evaluation used, with their provenance (the report's assumptions). */
  readonly assumptions: readonly BuildAssumption[];
  /** The training engine's own result (resolved layout etc.) for charts; null when serving. */
  readonly training: TrainingResult | null;
  /** The serving engine's own result (layout, load, latencies); null when training. */
  readonly serving: ServingResult | null;
  /** Data and reliability (wall-time shares, fix, checkpoint), for training. */
  readonly dataReliability: DataReliabilityResult | null;
  /** Power by component, racks, bill of materials and cost lines; null without a build. */
  readonly powerCost: PowerCostResult | null;
  /** The pipeline steps that ran, in order. */
  readonly stages: readonly string[];
};

/**
 * The compute-efficiency multiplier of the scenario's calibration when it was fitted on the
 * accelerator, stack and precision the scenario runs; 1 otherwise (see `calibrationWarning`).
 */
export function calibrationMultiplier(scenario: Scenario, workload: TrainingWorkload): number {
  const c = scenario.calibration;
  if (c === null) return 1;
  const compute = scenario.cluster.compute;
  return c.acceleratorId === compute.acceleratorId &&
    c.stack === compute.stack &&
    c.precision === workload.training.precision
    ? c.computeEfficiencyMultiplier
    : 1;
}

/** Why a scenario's calibration is not applied, or null (none, or it applies). */
function calibrationWarning(scenario: Scenario, workload: TrainingWorkload): string | null {
  const c = scenario.calibration;
  if (c === null || calibrationMultiplier(scenario, workload) !== 1) return null;
  if (c.computeEfficiencyMultiplier === 1) return null;
  return `calibration: fitted on ${c.acceleratorId} / ${c.stack} / ${c.precision}, not applied to this ${scenario.cluster.compute.acceleratorId} / ${scenario.cluster.compute.stack} / ${workload.training.precision} build`;
}

/**
 * The scenario sections the training engine reads (model/training `TrainingSections`): the
 * workload, `cluster.compute` and `cluster.network` as parsed, the merged catalog's accelerator
 * and the calibration multiplier where it applies.
 */
export function trainingSectionsOf(
  scenario: Scenario,
  workload: TrainingWorkload,
): TrainingSections {
  return {
    workload,
    compute: scenario.cluster.compute,
    network: scenario.cluster.network,
    accelerator: userAccelerator(scenario),
    computeEfficiencyMultiplier: calibrationMultiplier(scenario, workload),
  };
}

/** Step-time parts, in the order the breakdown shows them (they sum to `step_time_s`). */
const STEP_PARTS = [
  'step_forward_s',
  'step_backward_s',
  'step_recompute_s',
  'step_tp_comm_s',
  'step_cp_comm_s',
  'step_ep_comm_s',
  'step_pp_comm_s',
  'step_dp_comm_s',
  'step_bubble_s',
  'step_optimizer_s',
] as const;

/** Memory parts per GPU (they sum, with the framework overhead, to `memory_per_gpu_gib`). */
const MEMORY_PARTS = [
  'memory_weights_gib',
  'memory_gradients_gib',
  'memory_optimizer_gib',
  'memory_activations_gib',
] as const;

/** A breakdown part's metric id with its registered label. */
type PartSpec = { readonly id: string; readonly label: string };

/**
 * The registered metrics among `ids`, with their labels, looked up once when the module loads
 * (the breakdowns are built on every evaluation; ids not registered are left out, as before).
 */
function partSpecs(ids: readonly string[]): readonly PartSpec[] {
  const out: PartSpec[] = [];
  for (const id of ids) {
    const def = metricRegistry.get(id);
    if (def) out.push({ id, label: def.label });
  }
  return out;
}

const STEP_PART_SPECS = partSpecs(STEP_PARTS);
const MEMORY_PART_SPECS = partSpecs(MEMORY_PARTS);
const LOST_GPU_HOURS_PART_SPECS = partSpecs([
  'lost_gpu_hours_per_day_data_stall',
  'lost_gpu_hours_per_day_checkpoint',
  'lost_gpu_hours_per_day_failures',
]);

function parts(
  specs: readonly PartSpec[],
  metrics: Readonly<Record<string, MetricValue>>,
): BreakdownPart[] {
  const out: BreakdownPart[] = [];
  for (const { id, label } of specs) {
    const v = metrics[id];
    if (v) out.push({ metricId: id, label, value: v.value, unit: v.unit });
  }
  return out;
}

/**
 * Training's bottleneck candidate share: its largest overhead (anything but forward and
 * backward compute) as a share of the step. A compute-bound step scores its largest overhead,
 * so a data stall or failure loss larger than that overhead binds instead.
 */
export function trainingOverheadShare(r: TrainingResult): number {
  const b = r.breakdown;
  const largest = Math.max(
    b.recomputeS,
    b.tpCommS,
    b.cpCommS,
    b.epCommS,
    b.ppCommS,
    b.dpCommS,
    b.bubbleS,
    b.optimizerS,
  );
  return r.stepTimeS > 0 ? Math.min(1, largest / r.stepTimeS) : 0;
}

/** Training's step, as figures and breakdowns. */
export type TrainingPerformance = {
  readonly result: TrainingResult;
  readonly metrics: Readonly<Record<string, MetricValue>>;
  readonly warnings: readonly string[];
};

/**
 * Performance of a training workload: the training engine on the scenario's model, layout and
 * cluster (the parsed sections themselves, `trainingSectionsOf`).
 * @throws naming an unknown accelerator id, or the layout when no layout satisfies the stated
 *   degrees
 */
export function trainingPerformance(
  scenario: Scenario,
  w: TrainingWorkload,
  adjust?: (r: TrainingResult) => TrainingResult,
): TrainingPerformance {
  let r = simulateTraining(trainingSectionsOf(scenario, w));
  if (adjust) r = adjust(r);
  const cal = calibrationWarning(scenario, w);
  return {
    result: r,
    metrics: trainingMetricValues(r),
    warnings: cal === null ? r.warnings : [...r.warnings, cal],
  };
}

/** Serving's operating point and, with a sizing target, the GPUs it needs. */
export type ServingPerformance = {
  readonly result: ServingResult;
  readonly sizing: ServingSizing | null;
  readonly metrics: Readonly<Record<string, MetricValue>>;
  readonly warnings: readonly string[];
};

/**
 * The serving engine's input of a scenario's serving workload: the parsed sections themselves
 * (the workload, `cluster.compute`) with the accelerator of the scenario's merged catalog. The
 * same object is returned while the workload, compute section and user catalog are the same
 * objects, so the engine's memos keyed by it (its working input and chosen layout) serve
 * repeated evaluations of one scenario.
 */
export function servingSectionsOf(scenario: Scenario, w: ServingWorkload): ServingSections {
  const c = scenario.cluster.compute;
  const memo = servingSections.get(w);
  if (memo !== undefined && memo.compute === c && memo.user === scenario.userCatalog)
    return memo.sections;
  const sections: ServingSections = {
    workload: w,
    compute: c,
    accelerator: userAccelerator(scenario),
  };
  servingSections.set(w, { compute: c, user: scenario.userCatalog, sections });
  return sections;
}

/**
 * A serving workload's sections, memoised per workload object together with the compute section
 * and user catalog they were made from (scenario sections are immutable: an edit makes new
 * objects, as the build memo in model/build relies on). A memo only.
 */
const servingSections = new WeakMap<
  ServingWorkload,
  {
    readonly compute: Scenario['cluster']['compute'];
    readonly user: Scenario['userCatalog'];
    readonly sections: ServingSections;
  }
>();

/**
 * Performance of a serving workload at its load (model/serving), with the GPUs its sizing
 * target needs. An `slo` load no rate meets is reported at the lightest load, and a target no
 * number of GPUs meets leaves the sizing out; each with a warning naming its field and what one
 * model copy gives instead. Expert parallelism stated on a dense model is warned about too.
 * @throws naming the scenario field the engine rejects
 */
export function servingPerformance(scenario: Scenario, w: ServingWorkload): ServingPerformance {
  const sections = servingSectionsOf(scenario, w);
  const r = evaluateServing(sections);
  const warnings: string[] = [];
  const ignored = expertParallelIgnored(w.model, w.parallelism.ep);
  if (ignored !== null) warnings.push(ignored);
  // An SLO load no rate meets, or a target no number of GPUs meets, is a finding, not a broken
  // build: the rest of the result stands and the warning says what one copy gives instead.
  const shortfall = r.requestsPerS === 0 ? sloLoadShortfall(sections) : null;
  if (shortfall !== null) warnings.push(shortfall);
  let sizing: ServingSizing | null = null;
  if (w.target !== null) {
    const t = w.target;
    try {
      sizing = gpusForTargetLoad(sections, t.requestsPerS, {
        ttftLimitMs: t.ttftLimitMs,
        tpotLimitMs: t.tpotLimitMs,
        percentile: t.percentile,
      });
    } catch (e) {
      if (!(e instanceof UnreachableSloError)) throw e;
      const load = w.serving.load;
      const sameLimits =
        load.mode === 'slo' &&
        load.ttftLimitMs === t.ttftLimitMs &&
        load.tpotLimitMs === t.tpotLimitMs &&
        load.percentile === t.percentile;
      // The load's warning already says why when the target asks for the same limits.
      warnings.push(
        shortfall !== null && sameLimits
          ? 'workload.target: no number of GPUs meets these limits either'
          : e.message,
      );
    }
  }
  if (r.saturated) {
    warnings.push(
      `serving: the offered load is ${(r.utilization * 100).toFixed(0)} % of capacity; requests queue without bound`,
    );
  } else if (r.tpotRangeMs.high > 1.25 * r.tpotRangeMs.low) {
    // Near capacity TPOT moves steeply with the load: a range, not a point (model/serving).
    warnings.push(
      `serving: near capacity TPOT is ${r.tpotRangeMs.low.toFixed(0)}–${r.tpotRangeMs.high.toFixed(0)} ms for a capacity 8 % higher or lower than modelled; read it as a range`,
    );
  }
  return { result: r, sizing, metrics: servingFigures(r, sizing), warnings };
}

/** Data and reliability of a training run, with the wall-clock figures they change. */
export type DataReliability = {
  readonly result: DataReliabilityResult;
  /** Registered figures of the stage (data, checkpoint, failures, goodput). */
  readonly metrics: Readonly<Record<string, MetricValue>>;
  /** Effective throughput and (when the job makes progress) the wall-clock time to train. */
  readonly wallMetrics: Readonly<Record<string, MetricValue>>;
  /** Wall-clock time to train, days (null: no token budget, or no progress). */
  readonly wallDays: number | null;
  readonly warnings: readonly string[];
};

/**
 * Data pipeline, checkpoints and failures of a training run on a build, and the wall-clock time
 * to train they give (model/storage's `evaluateDataAndReliability` on the build's storage
 * tiers, cache and fabric).
 */
export function dataReliabilityOf(
  scenario: Scenario,
  w: TrainingWorkload,
  r: TrainingResult,
  build: ResolvedBuild | null,
): DataReliability {
  return dataReliabilityFromInput(dataReliabilityInputFor(scenario, w, r, build), w, r);
}

/**
 * `dataReliabilityOf` from the stage's input (`dataReliabilityInputFor`): a function of the
 * input's values, the workload and the training result only, so equal inputs give equal results
 * (the design search evaluates each distinct input of a block once).
 */
export function dataReliabilityFromInput(
  input: DataReliabilityInput,
  w: TrainingWorkload,
  r: TrainingResult,
): DataReliability {
  const out = evaluateDataAndReliability(input);
  const warnings = [...out.warnings];
  let wallDays: number | null = null;
  if (r.timeToTrainDays !== null) {
    const fixedDays = w.training.fixedOverheadS / 86_400;
    wallDays = adjustTimeToTrainDays(r.timeToTrainDays, out.timeToTrainFactor, fixedDays);
    if (wallDays === null) {
      warnings.push('time to train: the job makes no progress (interruptions outpace restarts)');
    }
  }
  const effective: MetricValue = { value: r.tokensPerS * out.wallShares.useful, unit: 'tokens/s' };
  const wallMetrics: Record<string, MetricValue> =
    wallDays === null
      ? { effective_tokens_per_s: effective }
      : {
          effective_tokens_per_s: effective,
          time_to_train_days: { value: wallDays, unit: 'days' },
        };
  return { result: out, metrics: out.metrics, wallMetrics, wallDays, warnings };
}

/**
 * What the GPUs do over a training run's wall time: the step's matrix work (forward, backward,
 * recompute), memory-bound work (optimizer), exposed communication (tensor, context and
 * expert parallel inside the scale-up domain; data and pipeline parallel across the fabric, as
 * Megatron's rank order places them) and pipeline bubble, in proportion to the step, over the
 * useful share of wall time; data stalls and checkpoint writes are waits; failures and
 * restarts are idle.
 */
export function trainingActivity(r: TrainingResult, dr: DataReliabilityResult | null): GpuActivity {
  const b = r.breakdown;
  const step = r.stepTimeS > 0 ? r.stepTimeS : 1;
  const u = (dr ? dr.wallShares.useful : 1) / step;
  const matrix = (b.forwardS + b.backwardS + b.recomputeS) * u;
  const memory = b.optimizerS * u;
  const commScaleUp = (b.tpCommS + b.cpCommS + b.epCommS) * u;
  const commScaleOut = (b.dpCommS + b.ppCommS) * u;
  const idle = dr ? dr.wallShares.failures : 0;
  // Waits: the bubble's share of the useful time, data stalls and checkpoint writes; written as
  // what is left so the shares sum to 1 exactly.
  const wait = Math.max(0, 1 - matrix - memory - commScaleUp - commScaleOut - idle);
  return { matrix, memory, attention: 0, launch: 0, commScaleUp, commScaleOut, wait, idle };
}

/**
 * What the GPUs that serve do. The engine runs while at least one request is in it: with L
 * requests running on average (Little's law), the share of time it is not empty is
 * 1 − e^(−L) (the M/G/∞ occupancy of Poisson arrivals; a closed loop of c ≥ 1 requests is
 * never empty). While it runs, the decode step's shares: weight streaming is memory-bound work,
 * reading the KV cache is decode attention, compute is matrix work, tensor-parallel
 * communication stays in the scale-up domain, and per-step framework work is launch-bound small
 * kernels. The rest of the time the GPUs idle with the model loaded.
 */
export function servingActivity(r: ServingResult): GpuActivity {
  const busy = Math.min(1, Math.max(0, 1 - Math.exp(-Math.max(0, r.runningBatch))));
  const s = r.stepBreakdown;
  const total = s.weights + s.compute + s.kvCache + s.communication + s.overhead;
  const k = total > 0 ? busy / total : 0;
  const matrix = s.compute * k;
  const memory = s.weights * k;
  const attention = s.kvCache * k;
  // Collectives' fixed latency: GPUs wait for flags with one block spinning, which draws idle
  // power (H100 probe: one spinning block 131 W, idle with a context 130 W); moving data draws
  // the collective's measured share.
  const latency = Math.min(s.communication, r.communicationLatencyShare) * k;
  const commScaleUp = s.communication * k - latency;
  const launch = s.overhead * k;
  return {
    matrix,
    memory,
    attention,
    launch,
    commScaleUp,
    commScaleOut: 0,
    wait: Math.max(0, busy - matrix - memory - attention - commScaleUp - launch),
    idle: 1 - busy,
  };
}

/** The load a training run puts on its build. */
export function trainingLoad(
  w: TrainingWorkload,
  r: TrainingResult,
  dr: DataReliabilityResult | null,
  gpus: number,
): WorkloadLoad {
  return { gpusActive: gpus, activity: trainingActivity(r, dr), capW: w.training.powerLimitW };
}

/** The load a serving deployment puts on its build (GPUs without a replica idle). */
export function servingLoad(w: ServingWorkload, r: ServingResult, gpus: number): WorkloadLoad {
  return {
    gpusActive: Math.min(gpus, r.gpus),
    activity: servingActivity(r),
    capW: w.powerLimitW,
  };
}

/**
 * Built-in catalog merged with a scenario's user entries, memoised per user-catalog object so
 * repeated evaluations of one scenario reuse the same catalog (and the build caches keyed on
 * it). A memo only: the result is the same.
 */
const mergedCatalogs = new WeakMap<Scenario['userCatalog'], Catalog>();
export function catalogFor(user: Scenario['userCatalog']): Catalog {
  if (user.entries.length === 0) return builtinCatalog();
  let c = mergedCatalogs.get(user);
  if (!c) {
    c = mergeUserCatalog(builtinCatalog(), user);
    mergedCatalogs.set(user, c);
  }
  return c;
}

/**
 * The scenario's accelerator from the catalog merged with its user entries (an edited or a
 * new accelerator); undefined without user entries (the engines then read the built-in table
 * by id, as the merged catalog would give the same entry).
 */
export function userAccelerator(scenario: Scenario): Accelerator | undefined {
  const user = scenario.userCatalog;
  if (user.entries.length === 0) return undefined;
  return acceleratorIn(catalogFor(user), scenario.cluster.compute.acceleratorId);
}

/**
 * Resolve a scenario's build against the catalog merged with its user entries (model/build
 * memoises by the scenario's section objects, so repeated evaluations reuse it).
 * @param provenance - false: numbers only, provenance recorded when the assumptions are read
 *   (the design search; see `resolveBuild`)
 * @returns the build, or null when no catalog system holds the accelerator
 */
export function resolveFor(scenario: Scenario, provenance = true): ResolvedBuild | null {
  return resolveBuild(scenario, catalogFor(scenario.userCatalog), { provenance });
}

/** Options of `evaluate()`. */
export type EvaluateOptions = {
  /**
   * Rescale the training engine's result before the later steps read it (the analyses' engine
   * knobs: model/analysis/knobs.ts). Identity when absent.
   */
  readonly adjustTraining?: (r: TrainingResult) => TrainingResult;
};

/** Each registered metric's unit and position (`IdPath` looks each id up once). */
const metricChecks: ReadonlyMap<string, { readonly unit: string; readonly slot: number }> = new Map(
  [...metricRegistry.values()].map((d, slot) => [d.id, { unit: d.unit, slot }]),
);

/** Each registered metric's unit in a currency, by slot (a memo per currency). */
const unitsByCurrency = new Map<string, readonly string[]>();
function unitsIn(currency: string): readonly string[] {
  let units = unitsByCurrency.get(currency);
  if (units === undefined) {
    units = [...metricChecks.values()].map((c) => unitIn(c.unit, currency));
    unitsByCurrency.set(currency, units);
  }
  return units;
}

/**
 * One step of a sequence of metric ids in the order an evaluation produces them: the ids are a
 * trie walked while the figures are checked (the next id is almost always the one the previous
 * evaluation had there: one string comparison). The node of the last id holds, once it has been
 * reached, a template object with every id of its path in that order.
 */
class IdPath {
  /** The id the last walk took after this one. */
  next: IdPath | null = null;
  /** Every id taken after this one, by id (made when a second one appears). */
  private others: Map<string, IdPath> | null = null;
  private template: Readonly<Record<string, null>> | null = null;
  /** The id's position in the registry (`unitsIn`); -1: not registered. */
  readonly slot: number;
  /** True when the id occurs earlier on the path (a figure produced twice). */
  readonly repeated: boolean;
  constructor(
    readonly id: string,
    /** The node before (null: the root, which holds no id). */
    readonly parent: IdPath | null,
  ) {
    this.slot = metricChecks.get(id)?.slot ?? -1;
    let repeated = false;
    for (let n = parent; n !== null && !repeated; n = n.parent) repeated = n.id === id;
    this.repeated = repeated;
  }
  /** The node after this one for `id` (made on first use), remembered as `next`. */
  child(id: string): IdPath {
    const prev = this.next;
    let c = this.others?.get(id);
    if (c === undefined) {
      c = new IdPath(id, this);
      this.others ??= new Map(prev === null ? [] : [[prev.id, prev]]);
      this.others.set(id, c);
    }
    this.next = c;
    return c;
  }
  /**
   * An object with this path's ids, in order, as keys (values null). Made by JSON.parse, which
   * keeps an object of many keys in V8's fast mode where adding the keys one by one turns it into
   * a hash table; spreading it then copies its layout in one step.
   */
  keys(): Readonly<Record<string, null>> | null {
    if (this.template === null && templatesMade < MAX_TEMPLATES) {
      templatesMade += 1;
      const ids = idsTo(this);
      this.template = JSON.parse(
        `{${ids.map((id) => `${JSON.stringify(id)}:null`).join(',')}}`,
      ) as Record<string, null>;
    }
    return this.template;
  }
}
/**
 * Templates made so far, and the most kept: a bound on what the id paths hold should sequences
 * ever vary without end (evaluations produce a few dozen); past it, figures go into a hash table.
 */
let templatesMade = 0;
const MAX_TEMPLATES = 256;
/** The ids from the root to `last`, in order. */
function idsTo(last: IdPath): string[] {
  const ids: string[] = [];
  for (let n = last; n.parent !== null; n = n.parent) ids.push(n.id);
  return ids.reverse();
}
/** The root of the id paths (no id). */
const ID_PATHS = new IdPath('', null);

/**
 * The figures of one evaluation, checked as they are added (registered, with the registered
 * unit in the scenario's currency, finite, not produced twice) and written once into one object
 * at the end: a copy of the template of the ids' sequence (`IdPath`) with the values assigned.
 * (A plain object growing step by step turned into a hash table midway and cost 15–25 % of a full
 * evaluation; filling a prototype-less hash table cost about 20 %: 50 ns a figure.)
 */
class Figures {
  private readonly records: Readonly<Record<string, MetricValue>>[] = [];
  private path: IdPath = ID_PATHS;
  private readonly units: readonly string[];
  constructor(private readonly currency: string) {
    this.units = unitsIn(currency);
  }
  add(rec: Readonly<Record<string, MetricValue>>, step: string): void {
    let path = this.path;
    for (const id in rec) {
      const v = rec[id] as MetricValue;
      const next = path.next;
      path = next !== null && next.id === id ? next : path.child(id);
      const slot = path.slot;
      if (slot < 0 || !Number.isFinite(v.value) || v.unit !== this.units[slot])
        checkMetricValue(id, v, this.currency);
      if (path.repeated) throw new Error(`metric "${id}" produced twice (step "${step}")`);
    }
    this.path = path;
    this.records.push(rec);
  }
  all(): Readonly<Record<string, MetricValue>> {
    const keys = this.path.keys();
    const out = (keys === null ? Object.create(null) : { ...keys }) as Record<string, MetricValue>;
    for (const rec of this.records) Object.assign(out, rec);
    return out;
  }
}

const SERVING_TERMS: Readonly<Record<string, string>> = {
  weights: 'streaming the weights from HBM (memory-bandwidth bound)',
  compute: 'matrix compute (compute bound)',
  kvCache: 'reading the KV cache (memory-bandwidth bound)',
  communication: 'tensor/pipeline communication',
  overhead: 'per-step framework overhead',
};

function servingBottleneck(r: ServingResult): EvaluationBottleneck {
  // The largest share of the decode step (the first of equal ones).
  const steps: Readonly<Record<string, number>> = r.stepBreakdown;
  let term = '';
  let share = -Infinity;
  for (const k in steps) {
    const v = steps[k] as number;
    if (term === '' || v > share) {
      term = k;
      share = v;
    }
  }
  return {
    stage: 'serving',
    kind: term,
    text: `Decode steps spend ${formatWhole(share * 100)} % of their time on ${SERVING_TERMS[term] ?? term}; layout ${servingLayoutText(r)}.`,
    share,
  };
}

function powerCostOf(
  b: ResolvedBuild,
  p: BuildPower,
  c: BuildCost,
  a: GpuActivity,
): PowerCostResult {
  return {
    systemId: b.system.id,
    nodes: b.nodes,
    node: { running: p.it.nodeRunning, peak: p.it.nodePeak, ratedW: b.system.ratedPowerW },
    itPowerKw: { average: p.it.averageKw, running: p.it.runningKw, peak: p.it.peakKw },
    facility: p.facility,
    pue: b.facility.pue,
    racks: p.racks,
    network: b.network.bom,
    cost: c.cost,
    activity: a,
    warnings: [...p.warnings, ...c.warnings],
  };
}

/** The binding constraint of the two: the larger share of time (the first of equal ones). */
function heavier(
  a: EvaluationBottleneck | null,
  b: EvaluationBottleneck | null,
): EvaluationBottleneck | null {
  return b !== null && (a === null || b.share > a.share) ? b : a;
}

/**
 * Evaluate one validated scenario.
 * @param scenario - a scenario returned by `parseScenario` (defaults filled in)
 * @param options - engine adjustments of the analyses (none by default)
 * @returns every figure as a registered metric with its unit, breakdowns, bottleneck, warnings,
 *   the resolved build and the assumptions the figures rest on
 * @throws Error naming the field for input the engines reject, or naming the metric when a
 *   figure is not finite or not registered (never returns NaN/Infinity)
 */
export function evaluate(scenario: Scenario, options: EvaluateOptions = {}): EvaluationResult {
  const currency = scenario.finance.currency;
  const figures = new Figures(currency);
  const breakdown: Record<string, readonly BreakdownPart[]> = {};
  const warnings: string[] = [];
  const stages: string[] = ['resolve'];
  let bottleneck: EvaluationBottleneck | null = null;

  // resolve
  const build = resolveFor(scenario);
  if (build) for (const w of build.warnings) warnings.push(w);
  else
    warnings.push(
      `power and cost not evaluated: the catalog has no system for accelerator "${acceleratorIn(catalogFor(scenario.userCatalog), scenario.cluster.compute.acceleratorId).name}"`,
    );

  // performance → data and reliability → load
  const w = scenario.workload;
  let training: TrainingResult | null = null;
  let serving: ServingResult | null = null;
  let dataReliability: DataReliabilityResult | null = null;
  let load: WorkloadLoad | null = null;
  let work = { tokensPerSecond: null as number | null, timeToTrainS: null as number | null };
  let rental: number | null = null;
  let servingGpus: number | null = null;
  let goodput: number | undefined;
  let lostShares: LostShares | undefined;
  if (w.kind === 'training') {
    const perf = trainingPerformance(scenario, w, options.adjustTraining);
    const r = perf.result;
    training = r;
    stages.push('training');
    figures.add(perf.metrics, 'training');
    breakdown['stepTime'] = parts(STEP_PART_SPECS, perf.metrics);
    breakdown['memory'] = parts(MEMORY_PART_SPECS, perf.metrics);
    bottleneck = heavier(bottleneck, {
      stage: 'training',
      kind: r.bottleneck.kind,
      text: r.bottleneck.text,
      // A run that does not fit in memory cannot start: that binds over every other cost.
      share: r.memory.fits ? trainingOverheadShare(r) : 1,
    });
    for (const x of perf.warnings) warnings.push(x);

    const dr = dataReliabilityOf(scenario, w, r, build);
    dataReliability = dr.result;
    stages.push('data-reliability');
    figures.add(dr.metrics, 'data-reliability');
    figures.add(dr.wallMetrics, 'data-reliability');
    breakdown['lostGpuHours'] = parts(LOST_GPU_HOURS_PART_SPECS, dr.metrics);
    const b = dr.result.bottleneck;
    if (b.cause !== 'none')
      bottleneck = heavier(bottleneck, {
        stage: 'data-reliability',
        kind: b.cause,
        text: b.text,
        share: b.share,
      });
    for (const x of dr.warnings) warnings.push(x);
    const stalled = dr.result.timeToTrainFactor === null || dr.result.wallShares.useful <= 0;
    work = {
      tokensPerSecond: stalled ? null : r.tokensPerS * dr.result.wallShares.useful,
      timeToTrainS: stalled || dr.wallDays === null ? null : dr.wallDays * 86_400,
    };
    if (build) load = trainingLoad(w, r, dr.result, build.gpus);
    if (!stalled) {
      const ws = dr.result.wallShares;
      const act = trainingActivity(r, dr.result);
      goodput = ws.useful;
      lostShares = {
        dataStall: ws.dataStall,
        checkpoint: ws.checkpoint,
        failures: ws.failures,
        exposedCommunication: Math.min(1, act.commScaleUp + act.commScaleOut),
      };
    }
  } else {
    const perf = servingPerformance(scenario, w);
    const r = perf.result;
    serving = r;
    stages.push('serving');
    figures.add(perf.metrics, 'serving');
    bottleneck = heavier(bottleneck, servingBottleneck(r));
    for (const x of perf.warnings) warnings.push(x);
    work = {
      tokensPerSecond: r.outputTokensPerS > 0 ? r.outputTokensPerS : null,
      timeToTrainS: null,
    };
    rental = w.gpuHourUsd;
    servingGpus = r.gpus;
    if (build) load = servingLoad(w, r, build.gpus);
  }

  // power → cost
  let powerCost: PowerCostResult | null = null;
  if (build && load) {
    const p = powerOfBuild(build, load);
    stages.push('power');
    figures.add(p.metrics, 'power');
    if (serving) {
      figures.add(
        { serving_power_kw: { value: (load.gpusActive * p.it.gpuActiveW) / 1000, unit: 'kW' } },
        'power',
      );
      // Energy per token and tokens per MW at the facility, while serving at this load.
      const facilityW = p.it.runningTotalKw * build.facility.pue * 1000;
      if (serving.outputTokensPerS > 0 && facilityW > 0)
        figures.add(
          {
            energy_per_output_token_j: {
              value: facilityW / serving.outputTokensPerS,
              unit: 'J/token',
            },
            output_tokens_per_s_per_mw: {
              value: serving.outputTokensPerS / (facilityW / 1e6),
              unit: 'tokens/s/MW',
            },
          },
          'power',
        );
    }
    const c = costOfBuild(build, p, {
      tokensPerSecond: work.tokensPerSecond,
      timeToTrainS: work.timeToTrainS,
      rentalPerGpuHour: rental,
      servingGpus,
      goodput,
      lostShares,
    });
    stages.push('cost');
    figures.add(c.metrics, 'cost');
    powerCost = powerCostOf(build, p, c, load.activity);
    for (const x of powerCost.warnings) warnings.push(x.message);
  }

  return {
    scenario: scenario.name,
    workloadKind: w.kind,
    currency,
    metrics: figures.all(),
    breakdown,
    bottleneck,
    warnings,
    build,
    assumptions: build ? build.assumptions : [],
    training,
    serving,
    dataReliability,
    powerCost,
    stages,
  };
}

/** Evaluate several scenarios (e.g. the builds of one comparison), in order. */
export function evaluateMany(scenarios: readonly Scenario[]): EvaluationResult[] {
  return scenarios.map((s) => evaluate(s));
}

/**
 * The scaling curve of a training scenario: throughput and efficiency against GPU count at
 * the scenario's global batch (strong scaling), from the training engine's `scalingCurve`
 * (model/training). Not part of `evaluate()` (it runs the engine once per point).
 * @param gpuCounts - GPU counts to evaluate (default: the engine's powers of two)
 * @returns points with GPUs, step time (s), tokens/s, efficiency (%), MFU (%), layout, fit
 * @throws Error naming `workload.kind` for a serving scenario
 */
export function scalingCurveFor(scenario: Scenario, gpuCounts?: readonly number[]): ScalingPoint[] {
  const w = scenario.workload;
  if (w.kind !== 'training') {
    throw new Error('workload.kind: a scaling curve needs a training workload');
  }
  const sections = trainingSectionsOf(scenario, w);
  return gpuCounts === undefined ? scalingCurve(sections) : scalingCurve(sections, gpuCounts);
}

/**
 * The latency–throughput curve of a serving scenario as the offered Poisson load grows from 5 %
 * to 100 % of capacity (model/serving `servingCurve`), with the point where its SLO breaks. The
 * SLO is the workload's latency limits (`load.mode: 'slo'`), else its sizing target's, else none.
 * Not part of `evaluate()` (it evaluates the deployment once per point).
 * @param points - number of points (2–200, default 24)
 * @returns points (requests/s, output tokens/s, mean and percentile TTFT/TPOT in ms) and the break
 * @throws Error naming `workload.kind` for a training scenario, or the field the engine rejects
 */
export function servingCurveFor(scenario: Scenario, points = 24): ServingCurve {
  const w = scenario.workload;
  if (w.kind !== 'serving') {
    throw new Error('workload.kind: a latency–throughput curve needs a serving workload');
  }
  const load = w.serving.load;
  const slo: ServingSlo | null =
    load.mode === 'slo'
      ? {
          ttftLimitMs: load.ttftLimitMs,
          tpotLimitMs: load.tpotLimitMs,
          percentile: load.percentile,
        }
      : w.target !== null
        ? {
            ttftLimitMs: w.target.ttftLimitMs,
            tpotLimitMs: w.target.tpotLimitMs,
            percentile: w.target.percentile,
          }
        : null;
  return servingCurve(servingSectionsOf(scenario, w), slo, points);
}
