import type { MetricDefinition, MetricValue } from '../metrics/metric';
import { defineMetric } from '../metrics/metric';
import type { StepBreakdown, TrainingResult } from './types';
import { SCALING_EFFICIENCY_FORMULA } from './efficiency';

const GIB = 1024 ** 3;

const BREAKDOWN: readonly [string, keyof StepBreakdown, string][] = [
  ['step_forward_s', 'forwardS', 'Forward compute'],
  ['step_backward_s', 'backwardS', 'Backward compute'],
  ['step_recompute_s', 'recomputeS', 'Activation recompute'],
  ['step_tp_comm_s', 'tpCommS', 'Exposed tensor-parallel communication'],
  ['step_cp_comm_s', 'cpCommS', 'Exposed context-parallel communication'],
  ['step_ep_comm_s', 'epCommS', 'Exposed expert-parallel all-to-all'],
  ['step_pp_comm_s', 'ppCommS', 'Exposed pipeline transfers'],
  ['step_dp_comm_s', 'dpCommS', 'Exposed data-parallel communication'],
  ['step_bubble_s', 'bubbleS', 'Pipeline bubble'],
  ['step_optimizer_s', 'optimizerS', 'Optimizer step'],
];

/** Training metric definitions (issue 3), for the registry in model/metrics/index.ts. */
export const trainingMetrics: readonly MetricDefinition[] = [
  defineMetric({
    id: 'step_time_s',
    label: 'Step time',
    unit: 's',
    description: 'Seconds per optimizer step for the whole global batch.',
    group: 'training',
    better: 'lower',
  }),
  defineMetric({
    id: 'tokens_per_s',
    label: 'Throughput',
    unit: 'tokens/s',
    description: 'Training tokens processed per second by the whole cluster.',
    group: 'training',
    better: 'higher',
  }),
  defineMetric({
    id: 'samples_per_s',
    label: 'Samples per second',
    unit: 'samples/s',
    description: 'Sequences processed per second by the whole cluster.',
    group: 'training',
    better: 'higher',
  }),
  defineMetric({
    id: 'achieved_tflops_per_gpu',
    label: 'Achieved TFLOP/s per GPU',
    unit: 'TFLOP/s',
    description: 'Model FLOPs (PaLM convention, 6N + 12·L·h·s per token) per second per GPU.',
    group: 'training',
    better: 'higher',
  }),
  defineMetric({
    id: 'mfu_pct',
    label: 'MFU',
    unit: '%',
    description:
      'Model FLOPs utilisation: model FLOPs per second over the dense peak at the stated precision (PaLM convention).',
    group: 'training',
    better: 'higher',
  }),
  defineMetric({
    id: 'hfu_pct',
    label: 'HFU',
    unit: '%',
    description: 'Hardware FLOPs utilisation: includes activation-recompute FLOPs.',
    group: 'training',
    better: 'higher',
  }),
  defineMetric({
    id: 'scaling_efficiency_pct',
    label: 'Scaling efficiency',
    unit: '%',
    description:
      'The share of each step the GPUs are not waiting for the data-parallel replicas to synchronise: 100 % means adding replicas costs nothing; below it, the gradient communication the step cannot hide. The same definition at every GPU count of the scaling curve, so it never exceeds 100 %.',
    formula: SCALING_EFFICIENCY_FORMULA,
    group: 'training',
    better: 'higher',
  }),
  defineMetric({
    id: 'time_to_train_compute_days',
    label: 'Time to train (compute only)',
    unit: 'days',
    description:
      'Days to process the tokens to train at the step throughput (with evaluation and fixed overhead when given), before data stalls, checkpoints and failures.',
    group: 'training',
    better: 'lower',
  }),
  defineMetric({
    id: 'memory_per_gpu_gib',
    label: 'Memory per GPU',
    unit: 'GiB',
    description:
      'Weights, gradients, optimizer states, activations and runtime overhead on the most loaded GPU.',
    group: 'memory',
    better: 'lower',
  }),
  defineMetric({
    id: 'memory_headroom_gib',
    label: 'Memory headroom',
    unit: 'GiB',
    description: 'HBM capacity minus memory per GPU (negative: does not fit).',
    group: 'memory',
    better: 'higher',
  }),
  defineMetric({
    id: 'memory_weights_gib',
    label: 'Weights memory',
    unit: 'GiB',
    description: 'Model weights per GPU.',
    group: 'memory',
    better: 'lower',
  }),
  defineMetric({
    id: 'memory_gradients_gib',
    label: 'Gradient memory',
    unit: 'GiB',
    description: 'Gradients per GPU.',
    group: 'memory',
    better: 'lower',
  }),
  defineMetric({
    id: 'memory_optimizer_gib',
    label: 'Optimizer memory',
    unit: 'GiB',
    description: 'Adam states (fp32 master, moments) per GPU.',
    group: 'memory',
    better: 'lower',
  }),
  defineMetric({
    id: 'memory_activations_gib',
    label: 'Activation memory',
    unit: 'GiB',
    description: 'Activations kept for backward per GPU.',
    group: 'memory',
    better: 'lower',
  }),
  ...BREAKDOWN.map(([id, , label]) =>
    defineMetric({
      id,
      label,
      unit: 's',
      description: `${label} per optimizer step (part of the step-time breakdown).`,
      group: 'training',
      better: 'lower',
    }),
  ),
];

/** Metric values of a training result, keyed by metric id (time_to_train_compute_days only when given). */
export function trainingMetricValues(r: TrainingResult): Record<string, MetricValue> {
  const out: Record<string, MetricValue> = {
    step_time_s: { value: r.stepTimeS, unit: 's' },
    tokens_per_s: { value: r.tokensPerS, unit: 'tokens/s' },
    samples_per_s: { value: r.samplesPerS, unit: 'samples/s' },
    achieved_tflops_per_gpu: { value: r.achievedTflopsPerGpu, unit: 'TFLOP/s' },
    mfu_pct: { value: r.mfuPct, unit: '%' },
    hfu_pct: { value: r.hfuPct, unit: '%' },
    scaling_efficiency_pct: { value: r.scalingEfficiencyPct, unit: '%' },
    memory_per_gpu_gib: { value: r.memory.totalBytes / GIB, unit: 'GiB' },
    memory_headroom_gib: { value: r.memory.headroomBytes / GIB, unit: 'GiB' },
    memory_weights_gib: { value: r.memory.weightsBytes / GIB, unit: 'GiB' },
    memory_gradients_gib: { value: r.memory.gradientsBytes / GIB, unit: 'GiB' },
    memory_optimizer_gib: { value: r.memory.optimizerBytes / GIB, unit: 'GiB' },
    memory_activations_gib: { value: r.memory.activationsBytes / GIB, unit: 'GiB' },
  };
  if (r.timeToTrainDays !== null)
    out['time_to_train_compute_days'] = { value: r.timeToTrainDays, unit: 'days' };
  // The step-time parts, in BREAKDOWN's order, written out field by field rather than in a loop
  // over BREAKDOWN: named stores keep this object in V8's fast mode, which makes it cheaper to
  // build and for evaluate() to read on every evaluation. A test checks both lists agree.
  const b = r.breakdown;
  out['step_forward_s'] = { value: b.forwardS, unit: 's' };
  out['step_backward_s'] = { value: b.backwardS, unit: 's' };
  out['step_recompute_s'] = { value: b.recomputeS, unit: 's' };
  out['step_tp_comm_s'] = { value: b.tpCommS, unit: 's' };
  out['step_cp_comm_s'] = { value: b.cpCommS, unit: 's' };
  out['step_ep_comm_s'] = { value: b.epCommS, unit: 's' };
  out['step_pp_comm_s'] = { value: b.ppCommS, unit: 's' };
  out['step_dp_comm_s'] = { value: b.dpCommS, unit: 's' };
  out['step_bubble_s'] = { value: b.bubbleS, unit: 's' };
  out['step_optimizer_s'] = { value: b.optimizerS, unit: 's' };
  return out;
}
