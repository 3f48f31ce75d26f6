import { z } from 'zod';
import { resolveBuild } from '../build';
import type { ResolvedBuild } from '../build';
import { builtinCatalog } from '../catalog';
import { servingActivity, trainingActivity } from '../evaluate';
import {
  IDLE_ACTIVITY,
  MATRIX_ACTIVITY,
  gpuBoardPowerW,
  itPowerOf,
  nodeGpuLoad,
  nodePowerW,
} from '../power';
import type { GpuActivity, WorkloadLoad } from '../power';
import { deviceConstants } from '../compute';
import { clusterSectionSchema, facilitySectionSchema, financeSectionSchema } from '../scenario';
import type { Scenario } from '../scenario';
import { evaluateServing } from '../serving';
import { simulateTraining } from '../training';
import type { CasePrediction } from './harness';
import { servingCaseSections } from './serving';
import { mapAcceleratorId, trainingCaseSchema, trainingCaseSections } from './training';

/**
 * Validation handler for cases of kind `system-power` (../shared/validation/README.md): a
 * system and what it runs, and the power a meter read. The case's system becomes a resolved
 * build (the catalog's default system for the accelerator, its cooling, a power cap), its
 * workload the GPUs' activity (a training step, a serving load, a GEMM loop, or idle), and the
 * power model (model/power) the reading at the case's boundary:
 * - `gpu_power_w`: mean board power of one GPU that runs the workload;
 * - `node_power_w`: mean input power of one node (its GPUs outside the workload idle);
 * - `node_power_peak_w`: one node with its GPUs in their heaviest phase (matrix work), the
 *   highest the run draws;
 * - `system_power_w`: every node plus networks and storage while the workload runs;
 * - `energy_per_output_token_j` (serving): the serving GPUs' board energy per output token.
 * Reads only the configuration and the observed metric's name, never the observed value.
 */

const systemSchema = z.looseObject({
  accelerator: z.string().min(1),
  gpus: z.number().int().min(1),
  gpus_per_node: z.number().int().min(1).nullable().optional(),
  nvlink_domain: z.number().int().min(1).nullable().optional(),
  scale_out: z
    .looseObject({
      fabric: z.enum(['infiniband', 'roce', 'ethernet']),
      gbps_per_gpu: z.number().positive(),
    })
    .nullable()
    .optional(),
  power_limit_w: z.number().positive().nullable().optional(),
  cooling: z.enum(['air', 'liquid', 'immersion']).nullable().optional(),
  server: z.string().nullable().optional(),
});
type PowerSystem = z.infer<typeof systemSchema>;

const gemmSchema = z.looseObject({
  kind: z.literal('gemm'),
  precision: z.enum(['fp64', 'tf32', 'bf16', 'fp16', 'fp8', 'fp4']),
  m: z.number().positive(),
  n: z.number().positive(),
  k: z.number().positive(),
  gpus_busy: z.number().int().min(0).optional(),
});

const idleSchema = z.looseObject({
  kind: z.literal('idle'),
  weights_loaded: z.boolean().optional(),
});

/** The metrics this handler predicts. */
export const POWER_CASE_METRICS = [
  'gpu_power_w',
  'node_power_w',
  'node_power_peak_w',
  'system_power_w',
  'energy_per_output_token_j',
] as const;

/**
 * Prompt length assumed when a serving power case does not state one, tokens: the mean prompt
 * of ShareGPT conversations, the dataset of vLLM's serving benchmark (planning value; LMArena
 * chat prompts that concatenate earlier turns run longer).
 */
export const UNSTATED_PROMPT_TOKENS = 512;

/** A build for the case's system: default system, facility and finance of the app. */
function buildFor(
  sys: PowerSystem,
  gpusPerNode: number,
  kind: 'training' | 'serving',
): ResolvedBuild {
  const scaleOut = sys.scale_out ?? { fabric: 'infiniband' as const, gbps_per_gpu: 400 };
  const cluster = clusterSectionSchema.parse({
    compute: {
      acceleratorId: mapAcceleratorId(sys.accelerator),
      gpus: Math.max(sys.gpus, gpusPerNode),
      gpusPerNode,
      ...(sys.nvlink_domain ? { nvlinkDomainGpus: sys.nvlink_domain } : {}),
    },
    network: { scaleOut: { fabric: scaleOut.fabric, gbpsPerGpu: scaleOut.gbps_per_gpu } },
    storage: {},
  });
  const cooling =
    sys.cooling === 'liquid' ? 'direct-liquid' : sys.cooling === 'immersion' ? 'immersion' : 'air';
  const scenario = {
    workload: { kind },
    cluster,
    facility: facilitySectionSchema.parse({ coolingType: cooling }),
    finance: financeSectionSchema.parse({}),
  } as unknown as Scenario;
  const build = resolveBuild(scenario, builtinCatalog());
  if (build === null)
    throw new Error(`system.accelerator: no catalog system for "${sys.accelerator}"`);
  return build;
}

const IDLE = IDLE_ACTIVITY;
const MATRIX = MATRIX_ACTIVITY;

/** The workload's activity, the GPUs it uses and (serving) output tokens per second. */
type Run = { readonly load: WorkloadLoad; readonly outputTokensPerS: number | null };

/**
 * A GEMM loop's activity by the roofline (compute/device.ts): a GEMM whose operands take
 * longer to stream from HBM than its arithmetic takes (decode-shaped, few rows) is memory-bound
 * work with matrix work inside it for the arithmetic's share of the time; a larger one is matrix
 * work. FP64 and TF32 loops run on the BF16 roofline's memory side (their shapes are large).
 */
function gemmActivity(build: ResolvedBuild, g: z.infer<typeof gemmSchema>): GpuActivity {
  const precision = g.precision === 'fp8' || g.precision === 'fp4' ? g.precision : 'bf16';
  const dev = deviceConstants(build.accelerator, precision);
  const computeS = (2 * g.m * g.n * g.k) / dev.gemmFlopsPerS;
  const memoryS = ((g.m * g.k + g.k * g.n) * dev.gemmInputBytes + g.m * g.n * 2) / dev.hbmBytesPerS;
  if (computeS >= memoryS) return MATRIX;
  const matrix = computeS / memoryS;
  return { ...IDLE, idle: 0, matrix, memory: 1 - matrix };
}

function runOf(
  c: Record<string, unknown>,
  sys: PowerSystem,
  gpusPerNode: number,
  build: ResolvedBuild,
): Run {
  const w = c['workload'] as Record<string, unknown> | null | undefined;
  if (!w || typeof w !== 'object') throw new Error('workload: must be an object');
  const cap = sys.power_limit_w ?? null;
  switch (w['kind']) {
    case 'idle': {
      idleSchema.parse(w);
      return {
        load: { gpusActive: sys.gpus, activity: IDLE, capW: cap, hostBusy: 0 },
        outputTokensPerS: null,
      };
    }
    case 'gemm': {
      const g = gemmSchema.parse(w);
      const busy = g.gpus_busy ?? sys.gpus;
      // A kernel loop: no data loading or engine work on the host.
      return {
        load: { gpusActive: busy, activity: gemmActivity(build, g), capW: cap, hostBusy: 0 },
        outputTokensPerS: null,
      };
    }
    case 'serving': {
      const s = (w['serving'] ?? {}) as Record<string, unknown>;
      const caseLike = {
        kind: 'serving',
        model: w['model'],
        serving: { ...s, input_tokens: s['input_tokens'] ?? UNSTATED_PROMPT_TOKENS },
        parallelism: w['parallelism'] ?? null,
        stack: w['stack'] ?? 'optimized',
        system: {
          accelerator: sys.accelerator,
          gpus: sys.gpus,
          gpus_per_node: gpusPerNode,
          nvlink_domain: sys.nvlink_domain ?? Math.min(gpusPerNode, sys.gpus),
          power_limit_w: cap,
        },
      };
      const r = evaluateServing(servingCaseSections(caseLike));
      return {
        load: { gpusActive: Math.min(sys.gpus, r.gpus), activity: servingActivity(r), capW: cap },
        outputTokensPerS: r.outputTokensPerS,
      };
    }
    case 'training-step': {
      const t = trainingCaseSchema.parse({
        ...w,
        id: c['id'],
        kind: 'training-step',
        system: {
          accelerator: sys.accelerator,
          gpus: sys.gpus,
          gpus_per_node: gpusPerNode,
          nvlink_domain: sys.nvlink_domain ?? null,
          scale_out: sys.scale_out ?? null,
          power_limit_w: cap,
        },
        observed: { metric: 'step_time_s', value: 1 },
        tolerance_pct: 1,
      });
      const r = simulateTraining(trainingCaseSections(t));
      return {
        load: { gpusActive: sys.gpus, activity: trainingActivity(r, null), capW: cap },
        outputTokensPerS: null,
      };
    }
    default:
      throw new Error(`workload.kind: unsupported ${JSON.stringify(w['kind'])}`);
  }
}

/**
 * Predict one `system-power` case.
 * @returns the prediction in the metric's unit (W, or J per output token)
 * @throws naming the field when the case cannot be evaluated
 */
export function predictSystemPowerCase(raw: unknown, metric: string): CasePrediction {
  if (!(POWER_CASE_METRICS as readonly string[]).includes(metric))
    throw new Error(`observed.metric: unsupported system-power metric "${metric}"`);
  const c = raw as Record<string, unknown>;
  const sys = systemSchema.parse(c['system']);
  const gpusPerNode = sys.gpus_per_node ?? Math.min(8, Math.max(sys.gpus, sys.nvlink_domain ?? 1));
  const wk = (c['workload'] as { kind?: unknown } | null)?.kind;
  const build = buildFor(sys, gpusPerNode, wk === 'serving' ? 'serving' : 'training');
  if (metric === 'node_power_peak_w') {
    // The heaviest phase of any workload: its GPUs at matrix work (the workload's details do
    // not change it).
    const cap = sys.power_limit_w ?? null;
    const active = Math.min(sys.gpus, build.system.gpusPerNode);
    const node = nodePowerW(build, nodeGpuLoad(build, active, MATRIX, cap), cap);
    return { value: node.totalW, notes: [`system ${build.system.id}`, 'GPUs at matrix work'] };
  }
  const run = runOf(c, sys, gpusPerNode, build);
  const { load } = run;
  const cap = load.capW;
  const gpuW = gpuBoardPowerW(build.gpu.tdpW, build.gpu.idleW, cap, load.activity);
  const notes = [`system ${build.system.id}`, `GPU ${gpuW.toFixed(0)} W`];
  switch (metric) {
    case 'gpu_power_w':
      return { value: gpuW, notes };
    case 'node_power_w': {
      const active = Math.min(load.gpusActive, build.system.gpusPerNode);
      const node = nodePowerW(
        build,
        nodeGpuLoad(build, active, load.activity, cap, load.hostBusy),
        cap,
      );
      return { value: node.totalW, notes };
    }
    case 'system_power_w':
      return { value: itPowerOf(build, load, 1).runningTotalKw * 1000, notes };
    default: {
      if (run.outputTokensPerS === null || !(run.outputTokensPerS > 0))
        throw new Error('energy_per_output_token_j needs a serving workload that generates tokens');
      return { value: (load.gpusActive * gpuW) / run.outputTokensPerS, notes };
    }
  }
}
