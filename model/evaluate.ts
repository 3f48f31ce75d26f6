import { builtinCatalog, mergeUserCatalog } from './catalog';
import type { Catalog } from './catalog';
import { defaultSystemByAccelerator, evaluatePowerAndCost } from './cost';
import type { PowerCostResult } from './cost';
import { checkMetricValue, metricRegistry } from './metrics';
import type { MetricValue } from './metrics';
import type { Scenario, ServingWorkload, TrainingWorkload } from './scenario';
import {
  adjustTimeToTrainDays,
  dataReliabilityInputFor,
  evaluateDataAndReliability,
} from './storage';
import type { DataReliabilityResult } from './storage';
import {
  evaluateServing,
  gpusForTargetLoad,
  servingConfigFromWorkload,
  servingCurve,
  servingFigures,
} from './serving';
import type { ServingConfig, ServingCurve, ServingResult, ServingSlo } from './serving';
import { scalingCurve, simulateTraining, trainingMetricValues } from './training';
import type { ScalingPoint, TrainingInput, TrainingResult } from './training';

/**
 * `evaluate(scenario)`: the engine's one entry point. Pure and deterministic: a validated
 * scenario (see `parseScenario`) in, every figure as a registered metric out, with the
 * breakdown that explains it, the binding bottleneck and warnings.
 *
 * It runs as a chain of stages over a shared context, in order:
 *   1. training          — step time, throughput, MFU, memory (model/training)
 *      serving           — throughput, latency under load, KV cache, sizing (model/serving)
 *   2. data-reliability  — data stall, checkpoint I/O, failures, goodput, wall-clock time to
 *                          train (model/storage + model/reliability)
 *   3. power-cost        — IT and facility power at the predicted activity, racks, fabric bill
 *                          of materials, capex/opex/TCO, cost per run and per token
 *                          (model/power + model/cost + model/fabric)
 * A later stage reads what earlier stages produced (power reads the GPUs' busy share and the
 * useful share of wall time; cost reads the wall-clock time to train and the effective
 * throughput) and adds its own metrics, breakdown parts, warnings and bottleneck candidates.
 * To plug one in, add an `EvaluationStage` to `evaluationStages` below and its metric list to
 * model/metrics/index.ts.
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

/** What binds the result, in words, and which stage said so. */
export type EvaluationBottleneck = {
  readonly stage: string;
  readonly kind: string;
  readonly text: string;
  /**
   * Share of the wall-clock time this bottleneck costs, in [0, 1], used to choose among
   * stages' candidates (the largest binds). Training's candidate uses its largest overhead
   * (exposed communication, bubble, recompute, optimizer) as a share of the step; the
   * data/reliability stage the share of wall time lost to its largest cause.
   */
  readonly share: number;
};

export type EvaluationResult = {
  readonly scenario: string;
  readonly workloadKind: Scenario['workload']['kind'];
  /** Every figure, keyed by registered metric id, with its registered unit. Always finite. */
  readonly metrics: Readonly<Record<string, MetricValue>>;
  readonly breakdown: Breakdowns;
  readonly bottleneck: EvaluationBottleneck | null;
  readonly warnings: readonly string[];
  /** The training engine's own result (resolved layout etc.) for charts; null when serving. */
  readonly training: TrainingResult | null;
  /** The serving engine's own result (layout, load, latencies); null when training. */
  readonly serving: ServingResult | null;
  /** The data/reliability stage's result (wall-time shares, fix, checkpoint), when it ran. */
  readonly dataReliability: DataReliabilityResult | null;
  /** The power/cost stage's result (power by component, racks, bill of materials, cost lines). */
  readonly powerCost: PowerCostResult | null;
  /** Ids of the stages that ran, in order. */
  readonly stages: readonly string[];
};

/** What a stage adds to the result. */
export type StageOutput = {
  readonly metrics?: Readonly<Record<string, MetricValue>>;
  /**
   * More figures, apart from `metrics` (ids must not overlap): how a stage adds a figure to a
   * record it does not own (a cached one) without copying it.
   */
  readonly extraMetrics?: Readonly<Record<string, MetricValue>>;
  readonly breakdown?: Breakdowns;
  readonly bottleneck?: EvaluationBottleneck | null;
  readonly warnings?: readonly string[];
  readonly training?: TrainingResult;
  readonly serving?: ServingResult;
  readonly dataReliability?: DataReliabilityResult;
  readonly powerCost?: PowerCostResult;
};

/** What earlier stages produced, as later stages see it. */
export type StageContext = {
  readonly scenario: Scenario;
  /** Every figure of the earlier stages (merged on first read). */
  readonly metrics: Readonly<Record<string, MetricValue>>;
  /** One figure of an earlier stage, or undefined (a lookup, without merging them all). */
  readonly metric: (id: string) => MetricValue | undefined;
  readonly training: TrainingResult | null;
  /** The serving engine's result, when a serving stage ran (absent: none). */
  readonly serving?: ServingResult | null;
  readonly dataReliability: DataReliabilityResult | null;
};

export type EvaluationStage = {
  readonly id: string;
  /** Whether the stage has anything to do for this scenario. */
  readonly applies: (scenario: Scenario) => boolean;
  readonly run: (ctx: StageContext) => StageOutput;
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
 * Map a scenario's training workload and cluster to the training engine's input.
 * `auto` fields become `null` ("engine chooses"); units are unchanged (counts, Gb/s, s).
 */
export function toTrainingInput(scenario: Scenario, workload: TrainingWorkload): TrainingInput {
  const { model, training, parallelism } = workload;
  const { compute, network } = scenario.cluster;
  const auto = <T>(v: T | 'auto'): T | null => (v === 'auto' ? null : v);
  return {
    model: {
      layers: model.layers,
      hidden: model.hiddenSize,
      heads: model.attentionHeads,
      kvHeads: model.kvHeads,
      ffnHidden: model.ffnHiddenSize,
      ffnType: model.ffnType,
      vocab: model.vocabSize,
      seqLen: model.seqLenTokens,
      moe: model.moe
        ? {
            experts: model.moe.experts,
            topK: model.moe.topK,
            sharedExperts: model.moe.sharedExperts,
            denseFfnHidden: model.moe.denseFfnHiddenSize,
            firstDenseLayers: model.moe.firstDenseLayers,
            layerFreq: model.moe.layerFreq,
          }
        : null,
      tiedEmbeddings: model.tiedEmbeddings,
      headDim: model.headDim,
      mla: model.attention,
      slidingWindow: model.slidingWindow,
      mtpLayers: model.mtpLayers,
      parallelBlocks: model.parallelBlocks,
    },
    training: {
      globalBatchSeqs: training.globalBatchSeqs,
      microBatch: auto(training.microBatchSeqs),
      precision: training.precision,
      recompute: auto(training.recompute),
      finetune:
        training.finetune.method === 'lora'
          ? { method: 'lora', rank: training.finetune.rank }
          : null,
      tokensToTrain: training.tokensToTrain,
      optimizer: training.optimizer,
      fixedOverheadS: training.fixedOverheadS,
      evaluation: training.evaluation,
      attentionKernel: auto(training.attentionKernel),
      zero3Gathers: auto(training.zero3Gathers),
      powerLimitW: training.powerLimitW,
      packedDocTokens: training.packedDocTokens,
      expertImbalance: training.expertImbalance,
      softwareEra: auto(training.softwareEra),
      gradSync: training.gradSync,
      computeEfficiencyMultiplier: calibrationMultiplier(scenario, workload),
    },
    parallelism:
      parallelism === 'auto'
        ? 'auto'
        : {
            tp: auto(parallelism.tp),
            pp: auto(parallelism.pp),
            dp: auto(parallelism.dp),
            cp: auto(parallelism.cp),
            vpp: auto(parallelism.vpp),
            zeroStage: auto(parallelism.zeroStage),
            sequenceParallel: auto(parallelism.sequenceParallel),
            ep: auto(parallelism.ep),
            etp: auto(parallelism.etp),
          },
    cluster: {
      acceleratorId: compute.acceleratorId,
      gpus: compute.gpus,
      gpusPerNode: compute.gpusPerNode,
      nvlinkDomain: auto(compute.nvlinkDomainGpus),
      scaleOut: {
        fabric: network.scaleOut.fabric,
        gbpsPerGpu: network.scaleOut.gbpsPerGpu,
        tiers: auto(network.scaleOut.fatTreeTiers),
        oversubscription: network.scaleOut.oversubscriptionRatio,
      },
    },
    stack: compute.stack,
  };
}

/**
 * Engine field paths (TrainingInput) → scenario field paths, so an error the training engine
 * raises names the field the user edits. Prefix rules, longest first.
 */
const ENGINE_TO_SCENARIO_PATH: readonly (readonly [string, string])[] = [
  ['cluster.scaleOut.oversubscription', 'cluster.network.scaleOut.oversubscriptionRatio'],
  ['cluster.scaleOut.tiers', 'cluster.network.scaleOut.fatTreeTiers'],
  ['cluster.scaleOut', 'cluster.network.scaleOut'],
  ['cluster.acceleratorId', 'cluster.compute.acceleratorId'],
  ['cluster.gpusPerNode', 'cluster.compute.gpusPerNode'],
  ['cluster.gpus', 'cluster.compute.gpus'],
  ['cluster.nvlinkDomain', 'cluster.compute.nvlinkDomainGpus'],
  ['model.hidden', 'workload.model.hiddenSize'],
  ['model.heads', 'workload.model.attentionHeads'],
  ['model.ffnHidden', 'workload.model.ffnHiddenSize'],
  ['model.vocab', 'workload.model.vocabSize'],
  ['model.seqLen', 'workload.model.seqLenTokens'],
  ['model', 'workload.model'],
  ['training.microBatch', 'workload.training.microBatchSeqs'],
  ['training.computeEfficiencyMultiplier', 'calibration.computeEfficiencyMultiplier'],
  ['training', 'workload.training'],
  ['parallelism', 'workload.parallelism'],
];

/** A dotted engine path (at least one segment after the root), not inside a longer word. */
const ENGINE_PATH_RE = /(?<![\w.])(?:model|training|parallelism|cluster)(?:\.[A-Za-z]\w*)+/g;

/** One engine path → the scenario path (the longest matching prefix rule). */
function translatePath(path: string): string {
  for (const [engine, scenario] of ENGINE_TO_SCENARIO_PATH) {
    if (path === engine || path.startsWith(`${engine}.`))
      return scenario + path.slice(engine.length);
  }
  return path;
}

/**
 * Rewrite engine field paths in an error message (`model.hidden: must ...`) to scenario
 * field paths (`workload.model.hiddenSize: must ...`); a leading `stack:` becomes
 * `cluster.compute.stack:`.
 */
export function toScenarioPaths(message: string): string {
  return message
    .replace(ENGINE_PATH_RE, translatePath)
    .replace(/^stack:/, 'cluster.compute.stack:');
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

/** Share of a training step the GPUs compute (forward, backward, recompute, optimizer), [0, 1]. */
function gpuComputeShare(r: TrainingResult): number {
  const b = r.breakdown;
  const busy = b.forwardS + b.backwardS + b.recomputeS + b.optimizerS;
  return r.stepTimeS > 0 ? Math.min(1, busy / r.stepTimeS) : 0;
}

/** Stage 1 (training): the training engine (model/training). */
export const trainingStage: EvaluationStage = {
  id: 'training',
  applies: (s) => s.workload.kind === 'training',
  run: (ctx) => {
    const w = ctx.scenario.workload;
    if (w.kind !== 'training') return {};
    let r: TrainingResult;
    try {
      r = simulateTraining(toTrainingInput(ctx.scenario, w));
    } catch (e) {
      throw new Error(toScenarioPaths(e instanceof Error ? e.message : String(e)));
    }
    const metrics = trainingMetricValues(r);
    const calWarning = calibrationWarning(ctx.scenario, w);
    return {
      metrics,
      training: r,
      breakdown: {
        stepTime: parts(STEP_PART_SPECS, metrics),
        memory: parts(MEMORY_PART_SPECS, metrics),
      },
      bottleneck: {
        stage: 'training',
        kind: r.bottleneck.kind,
        text: r.bottleneck.text,
        share: trainingOverheadShare(r),
      },
      warnings: calWarning === null ? r.warnings : [...r.warnings, calWarning],
    };
  },
};

const SERVING_TERMS: Readonly<Record<string, string>> = {
  weights: 'streaming the weights from HBM (memory-bandwidth bound)',
  compute: 'matrix compute (compute bound)',
  kvCache: 'reading the KV cache (memory-bandwidth bound)',
  communication: 'tensor/pipeline communication',
  overhead: 'per-step framework overhead',
};

/** The serving engine's configuration of a scenario's serving workload and `cluster.compute`. */
function servingConfigOf(scenario: Scenario, w: ServingWorkload): ServingConfig {
  const c = scenario.cluster.compute;
  // `auto` scale-up domain: one server's GPUs (the NVLink/NVSwitch domain of an HGX board).
  const domain =
    c.nvlinkDomainGpus === 'auto' ? Math.min(c.gpusPerNode, c.gpus) : c.nvlinkDomainGpus;
  return servingConfigFromWorkload(w, {
    acceleratorId: c.acceleratorId,
    gpus: c.gpus,
    nvlinkDomainGpus: domain,
    stack: c.stack,
  });
}

/**
 * Stage 1 (serving): the serving engine (model/serving) on the scenario's serving workload and
 * `cluster.compute`; with a sizing target, also the GPUs needed for it.
 */
export const servingStage: EvaluationStage = {
  id: 'serving',
  applies: (s) => s.workload.kind === 'serving',
  run: (ctx) => {
    const w = ctx.scenario.workload;
    if (w.kind !== 'serving') return {};
    let config;
    let r;
    let sizing = null;
    try {
      config = servingConfigOf(ctx.scenario, w);
      r = evaluateServing(config);
      if (w.target !== null) {
        sizing = gpusForTargetLoad(config, w.target.requestsPerS, {
          ttftLimitMs: w.target.ttftLimitMs,
          tpotLimitMs: w.target.tpotLimitMs,
          percentile: w.target.percentile,
        });
      }
    } catch (e) {
      throw new Error(toScenarioPaths(e instanceof Error ? e.message : String(e)));
    }
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
    const warnings: string[] = [];
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
    return {
      metrics: servingFigures(r, sizing),
      serving: r,
      bottleneck: {
        stage: 'serving',
        kind: term,
        text: `Decode steps spend ${(share * 100).toFixed(0)} % of their time on ${SERVING_TERMS[term] ?? term} (layout TP${r.tp} × PP${r.pp} × ${r.replicas} replicas).`,
        share,
      },
      warnings,
    };
  },
};

/**
 * Stage 2 (data-reliability): data pipeline stall, checkpoint I/O, failures and goodput
 * (model/storage's `evaluateDataAndReliability`), and the wall-clock time to train.
 */
export const dataReliabilityStage: EvaluationStage = {
  id: 'data-reliability',
  applies: (s) => s.workload.kind === 'training',
  run: (ctx) => {
    const r = ctx.training;
    const w = ctx.scenario.workload;
    if (!r || w.kind !== 'training') return {};
    const out = evaluateDataAndReliability(dataReliabilityInputFor(ctx.scenario, w, r));
    // The engine's figures as they are, plus this stage's own in a second record (no copy).
    const useful = out.wallShares.useful;
    const warnings = [...out.warnings];
    let wallDays: number | null = null;
    if (r.timeToTrainDays !== null) {
      const fixedDays = w.training.fixedOverheadS / 86_400;
      wallDays = adjustTimeToTrainDays(r.timeToTrainDays, out.timeToTrainFactor, fixedDays);
      if (wallDays === null) {
        warnings.push('time to train: the job makes no progress (interruptions outpace restarts)');
      }
    }
    const effective: MetricValue = { value: r.tokensPerS * useful, unit: 'tokens/s' };
    const extraMetrics: Record<string, MetricValue> =
      wallDays === null
        ? { effective_tokens_per_s: effective }
        : {
            effective_tokens_per_s: effective,
            time_to_train_days: { value: wallDays, unit: 'days' },
          };
    return {
      metrics: out.metrics,
      extraMetrics,
      dataReliability: out,
      breakdown: {
        lostGpuHours: parts(LOST_GPU_HOURS_PART_SPECS, out.metrics),
      },
      bottleneck:
        out.bottleneck.cause === 'none'
          ? null
          : {
              stage: 'data-reliability',
              kind: out.bottleneck.cause,
              text: out.bottleneck.text,
              share: out.bottleneck.share,
            },
      warnings,
    };
  },
};

/**
 * Built-in catalog merged with a scenario's user entries, memoised per user-catalog object so
 * repeated evaluations of one scenario (what-if edits elsewhere) reuse the same catalog, and
 * with it the power/cost stage's per-build cache. A memo only: the result is the same.
 */
const mergedCatalogs = new WeakMap<Scenario['userCatalog'], Catalog>();
function catalogFor(user: Scenario['userCatalog']): Catalog {
  if (user.entries.length === 0) return builtinCatalog();
  let c = mergedCatalogs.get(user);
  if (!c) {
    c = mergeUserCatalog(builtinCatalog(), user);
    mergedCatalogs.set(user, c);
  }
  return c;
}

/**
 * What the power/cost stage needs from the workload stages: the GPUs' busy share of wall time,
 * the delivered tokens/s to price, and the wall-clock time of a training run.
 */
type WorkloadActivity = {
  readonly gpuBusyFraction: number;
  readonly tokensPerSecond: number | null;
  readonly timeToTrainS: number | null;
};

/**
 * Training: GPUs compute their share of a step times the useful share of wall time (the
 * data/reliability stage's stalls, checkpoints and failures); a job that makes no progress
 * has no time to train and no throughput to price.
 */
function trainingActivity(ctx: StageContext, r: TrainingResult): WorkloadActivity {
  const dr = ctx.dataReliability;
  const useful = dr ? dr.wallShares.useful : 1;
  const stalled = dr !== null && (dr.timeToTrainFactor === null || useful <= 0);
  const wallDays = stalled ? null : (ctx.metric('time_to_train_days')?.value ?? r.timeToTrainDays);
  return {
    gpuBusyFraction: gpuComputeShare(r) * useful,
    tokensPerSecond: stalled ? null : r.tokensPerS * useful,
    timeToTrainS: wallDays === null ? null : wallDays * 86_400,
  };
}

/**
 * Serving at the scenario's load: the GPUs that hold a replica are busy for the share of time
 * the engine is occupied (its utilisation of capacity, Little's law); GPUs of the cluster that
 * hold no replica idle. Tokens priced are output tokens. Linear idle-to-busy power, as for
 * training (model/power `nodePowerW`); decode is memory bound, so this is an upper estimate of
 * the draw at a given utilisation (no published per-phase power split was found).
 */
function servingActivity(ctx: StageContext, r: ServingResult): WorkloadActivity {
  const clusterGpus = ctx.scenario.cluster.compute.gpus;
  const used = Math.min(1, r.gpus / clusterGpus);
  return {
    gpuBusyFraction: Math.min(1, r.utilization) * used,
    tokensPerSecond: r.outputTokensPerS > 0 ? r.outputTokensPerS : null,
    timeToTrainS: null,
  };
}

/**
 * Stage 3 (power-cost): power by component at the predicted GPU activity, facility, racks,
 * networks' bill of materials and every cost figure (model/cost's `evaluatePowerAndCost`), for
 * training (activity from the step breakdown) and serving (activity from the load). Runs when
 * the catalog has a reference system for the accelerator; otherwise says so.
 */
export const powerCostStage: EvaluationStage = {
  id: 'power-cost',
  applies: () => true,
  run: (ctx) => {
    const r = ctx.training;
    const sv = ctx.serving ?? null;
    if (!r && !sv) return {};
    const s = ctx.scenario;
    const { compute, network, storage } = s.cluster;
    if (defaultSystemByAccelerator[compute.acceleratorId] === undefined) {
      return {
        warnings: [
          `power and cost not evaluated: the catalog has no reference system for accelerator "${compute.acceleratorId}"`,
        ],
      };
    }
    const act = r ? trainingActivity(ctx, r) : servingActivity(ctx, sv as ServingResult);
    const tiers = network.scaleOut.fatTreeTiers;
    // The scenario's user catalog entries override or extend the built-in catalog.
    const catalog = catalogFor(s.userCatalog);
    const out = evaluatePowerAndCost(
      {
        acceleratorId: compute.acceleratorId,
        gpus: compute.gpus,
        gpusPerNode: compute.gpusPerNode,
        fabric: network.scaleOut.fabric,
        fatTreeTiers:
          tiers === 'auto' ? 'auto' : (Math.min(4, Math.max(1, tiers)) as 1 | 2 | 3 | 4),
        oversubscription: network.scaleOut.oversubscriptionRatio,
        gpuBusyFraction: act.gpuBusyFraction,
        gpuPowerCapW:
          s.workload.kind === 'serving' ? s.workload.powerLimitW : s.workload.training.powerLimitW,
        tokensPerSecond: act.tokensPerSecond,
        timeToTrainS: act.timeToTrainS,
        ...(storage.dataTier.capacityTB !== null
          ? { storageCapacityTb: storage.dataTier.capacityTB }
          : {}),
        facility: s.facility,
        finance: s.finance,
      },
      catalog,
    );
    // Serving without a rental price: the cost per million output tokens on owned hardware
    // (the TCO per used GPU-hour over output tokens per GPU-hour). `out.metrics` may be the
    // stage's cached record, so the extra figure travels as a second record.
    const owned = out.metrics['cost_per_million_tokens_usd'];
    const warnings = out.warnings.map((w) => w.message);
    if (sv && owned && ctx.metric('cost_per_million_output_tokens_usd') === undefined) {
      const extraMetrics = {
        cost_per_million_output_tokens_usd: { value: owned.value, unit: 'USD' },
      };
      return { metrics: out.metrics, extraMetrics, powerCost: out, warnings };
    }
    return { metrics: out.metrics, powerCost: out, warnings };
  },
};

/**
 * The stage chain, in order. Data/reliability runs for training workloads; power/cost runs
 * for both (training: activity from the step; serving: activity from the load).
 */
export const evaluationStages: readonly EvaluationStage[] = [
  trainingStage,
  servingStage,
  dataReliabilityStage,
  powerCostStage,
];

/**
 * A stage context from earlier figures held in one record (callers that run stages one by one,
 * like the design search): `metric(id)` reads that record.
 */
export function stageContextOf(c: Omit<StageContext, 'metric'>): StageContext {
  return new RecordContext(c.scenario, c.metrics, c.training, c.serving ?? null, c.dataReliability);
}

/** `stageContextOf`'s context (a class: the design search builds one per candidate). */
class RecordContext implements StageContext {
  constructor(
    readonly scenario: Scenario,
    readonly metrics: Readonly<Record<string, MetricValue>>,
    readonly training: TrainingResult | null,
    readonly serving: ServingResult | null,
    readonly dataReliability: DataReliabilityResult | null,
  ) {}
  metric(id: string): MetricValue | undefined {
    return this.metrics[id];
  }
}

/**
 * Each registered metric's unit and position, for `checkNewMetric` (one lookup per figure).
 */
const metricChecks: ReadonlyMap<string, { readonly unit: string; readonly slot: number }> = new Map(
  [...metricRegistry.values()].map((d, slot) => [d.id, { unit: d.unit, slot }]),
);
/**
 * Scratch for the duplicate check: `seenAt[slot] === stamp` when the metric was produced in the
 * evaluation holding `stamp`. Only ever compared with the caller's own fresh stamp, so results
 * never depend on it (a memo of "seen", not state).
 */
const seenAt = new Float64Array(metricChecks.size);
let lastStamp = 0;
function nextStamp(): number {
  lastStamp += 1;
  return lastStamp;
}

/**
 * `checkMetricValue` (registered, registered unit, finite; same messages), plus: not already
 * produced in this evaluation (`stamp`).
 */
function checkNewMetric(id: string, v: MetricValue, stamp: number, stageId: string): void {
  const c = metricChecks.get(id);
  if (c === undefined || v.unit !== c.unit || !Number.isFinite(v.value)) checkMetricValue(id, v);
  const slot = (c as { readonly slot: number }).slot;
  if (seenAt[slot] === stamp) throw new Error(`metric "${id}" produced twice (stage "${stageId}")`);
  seenAt[slot] = stamp;
}

/**
 * The stages' figure records of one evaluation, merged once, on demand. Copying each stage's
 * figures into one growing object as they came (the former way) turned it into a hash table
 * midway and cost 15–25 % of a full evaluation (in-process A/B on the bench scenarios).
 */
class Figures {
  private readonly records: Readonly<Record<string, MetricValue>>[] = [];
  private merged: Readonly<Record<string, MetricValue>> | null = null;
  add(rec: Readonly<Record<string, MetricValue>>): void {
    this.records.push(rec);
    this.merged = null;
  }
  /** One figure, or undefined (later records first). */
  get(id: string): MetricValue | undefined {
    const rs = this.records;
    for (let i = rs.length - 1; i >= 0; i--) {
      const v = (rs[i] as Readonly<Record<string, MetricValue>>)[id];
      if (v !== undefined) return v;
    }
    return undefined;
  }
  /** Every figure in one record (the only record itself when there is one). */
  all(): Readonly<Record<string, MetricValue>> {
    if (this.merged !== null) return this.merged;
    const rs = this.records;
    if (rs.length === 1) return (this.merged = rs[0] as Readonly<Record<string, MetricValue>>);
    // A prototype-less object: starts as a hash table instead of converting into one midway
    // (plain data either way: JSON, structured clone and the IPC plain-data check accept it).
    const out = Object.create(null) as Record<string, MetricValue>;
    for (const rec of rs) for (const id in rec) out[id] = rec[id] as MetricValue;
    return (this.merged = out);
  }
}

/** The context `evaluate()` hands each stage: earlier figures read through `Figures`. */
class LiveContext implements StageContext {
  constructor(
    readonly scenario: Scenario,
    private readonly figures: Figures,
    readonly training: TrainingResult | null,
    readonly serving: ServingResult | null,
    readonly dataReliability: DataReliabilityResult | null,
  ) {}
  get metrics(): Readonly<Record<string, MetricValue>> {
    return this.figures.all();
  }
  metric(id: string): MetricValue | undefined {
    return this.figures.get(id);
  }
}

/**
 * Evaluate one validated scenario.
 * @param scenario - a scenario returned by `parseScenario` (defaults filled in)
 * @param stages - the stage chain (default `evaluationStages`); tests may pass their own
 * @returns every figure as a registered metric with its unit, breakdowns, bottleneck, warnings
 * @throws Error naming the field for input the engines reject, or naming the metric when a
 *   figure is not finite or not registered (never returns NaN/Infinity)
 */
export function evaluate(
  scenario: Scenario,
  stages: readonly EvaluationStage[] = evaluationStages,
): EvaluationResult {
  // Local accumulators; the only thing outside touched is the duplicate check's scratch, read
  // with this call's own stamp. Each figure is checked once, where its stage left it:
  // registered, with its registered unit, finite, not produced twice.
  const figures = new Figures();
  const stamp = nextStamp();
  const breakdown: Record<string, readonly BreakdownPart[]> = {};
  let bottleneck: EvaluationBottleneck | null = null;
  const warnings: string[] = [];
  let training: TrainingResult | null = null;
  let serving: ServingResult | null = null;
  let dataReliability: DataReliabilityResult | null = null;
  let powerCost: PowerCostResult | null = null;
  const ran: string[] = [];
  for (const stage of stages) {
    if (!stage.applies(scenario)) continue;
    const out = stage.run(new LiveContext(scenario, figures, training, serving, dataReliability));
    for (const rec of [out.metrics, out.extraMetrics]) {
      if (!rec) continue;
      for (const id in rec) checkNewMetric(id, rec[id] as MetricValue, stamp, stage.id);
      figures.add(rec);
    }
    if (out.breakdown) Object.assign(breakdown, out.breakdown);
    if (out.bottleneck && (!bottleneck || out.bottleneck.share > bottleneck.share)) {
      bottleneck = out.bottleneck;
    }
    if (out.warnings) for (const w of out.warnings) warnings.push(w);
    if (out.training) training = out.training;
    if (out.serving) serving = out.serving;
    if (out.dataReliability) dataReliability = out.dataReliability;
    if (out.powerCost) powerCost = out.powerCost;
    ran.push(stage.id);
  }
  return {
    scenario: scenario.name,
    workloadKind: scenario.workload.kind,
    metrics: figures.all(),
    breakdown,
    bottleneck,
    warnings,
    training,
    serving,
    dataReliability,
    powerCost,
    stages: ran,
  };
}

/** Evaluate several scenarios (e.g. the builds of one comparison), in order. */
export function evaluateMany(
  scenarios: readonly Scenario[],
  stages: readonly EvaluationStage[] = evaluationStages,
): EvaluationResult[] {
  return scenarios.map((s) => evaluate(s, stages));
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
  const input = toTrainingInput(scenario, w);
  try {
    return gpuCounts === undefined ? scalingCurve(input) : scalingCurve(input, gpuCounts);
  } catch (e) {
    throw new Error(toScenarioPaths(e instanceof Error ? e.message : String(e)));
  }
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
  try {
    return servingCurve(servingConfigOf(scenario, w), slo, points);
  } catch (e) {
    throw new Error(toScenarioPaths(e instanceof Error ? e.message : String(e)));
  }
}
