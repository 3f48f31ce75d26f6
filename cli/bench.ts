/**
 * `npm run bench [-- --json]`: speed figures of the engine (and later the UI), one line per
 * figure: `id value unit (target ...)`. With `--json`:
 * `{"benchmarks":[{"id","value","unit","target","better"}]}`.
 *
 * Printed figures, not a timed test: the machine is shared, so numbers vary run to run.
 * To add a figure, append an entry to `benchmarks` (later issues add theirs here).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runMonteCarlo } from '../model/analysis';
import { evaluate, trainingPerformance } from '../model/evaluate';
import {
  computeSectionSchema,
  networkSectionSchema,
  parseScenarioOrThrow,
  trainingWorkloadSchema,
} from '../model/scenario';
import { getModelPreset, servingModelFromPreset } from '../model/scenario/presets';
import { trainingSectionsOf } from '../model/evaluate';
import { autoLayout, simulateTraining } from '../model/training';
import type { TrainingSections } from '../model/training';
import { build } from 'vite';
import { measureBundle } from './bench/bundle';
import { measureUi, type UiBench } from './bench/ui';
import { measurePdfExport } from './report/bench';
import { measureSearch1m } from './search/bench';

export type Benchmark = {
  readonly id: string;
  readonly unit: string;
  /** Target value (a bound); `better` says which side of it is good. */
  readonly target: number;
  readonly better: 'lower' | 'higher';
  readonly description: string;
  /**
   * `engine`: pure engine figures, quick, no build needed. `ui`: measured on the built renderer
   * in Chromium (the bench builds the renderer first).
   */
  readonly kind: 'engine' | 'ui';
  /** Measure and return the figure in `unit`. */
  readonly run: () => number | Promise<number>;
};

export type BenchmarkResult = {
  readonly id: string;
  readonly value: number;
  readonly unit: string;
  readonly target: number;
  readonly better: 'lower' | 'higher';
};

const here = dirname(fileURLToPath(import.meta.url));

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * Warm-up time before timing, ms. V8 optimises a function only after it has run for a while
 * (interpreter, then baseline, then optimising tiers): 500 calls of a 30 µs evaluation (15 ms)
 * left the serving path partly unoptimised, and three back-to-back timed rounds of it read 38, 30
 * and 21 µs. Half a second reaches the steady state a search or a what-if sweep runs in.
 */
export const WARMUP_MIN_MS = 500;

/**
 * Median time of one call, in µs: at least `warmup` calls and `minWarmupMs` of calls first
 * (JIT), then `blocks` blocks of `perBlock` calls each timed together (one call is too short for
 * the timer), median block mean.
 */
export function medianMicros(
  fn: () => void,
  warmup: number,
  blocks: number,
  perBlock: number,
  minWarmupMs: number = WARMUP_MIN_MS,
): number {
  const warmStart = performance.now();
  for (let i = 0; i < warmup || performance.now() - warmStart < minWarmupMs; i++) fn();
  const means: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const t0 = performance.now();
    for (let i = 0; i < perBlock; i++) fn();
    means.push(((performance.now() - t0) * 1000) / perBlock);
  }
  return median(means);
}

/** A scenario from examples/, parsed. */
function example(file: string) {
  const raw = JSON.parse(readFileSync(resolve(here, '../examples', file), 'utf8')) as unknown;
  return parseScenarioOrThrow(raw);
}

/** The 1,024× H100 InfiniBand example: a fully specified layout (no search inside). */
function trainingExample() {
  return example('pretrain-llama3-70b-1024xh100-ib.json');
}

/**
 * DeepSeek-V3 pre-training on the same 1,024× H100 InfiniBand build: the preset's shape and its
 * recipe layout (TP 2, PP 8, VPP 4, EP 64, DP 64), micro batch 1 and full recompute stated, so
 * the engine evaluates one layout (no search inside).
 */
function moeTrainingExample() {
  const preset = getModelPreset('deepseek-v3');
  if (!preset?.layout) throw new Error('deepseek-v3 preset missing');
  const raw = JSON.parse(
    readFileSync(resolve(here, '../examples', 'pretrain-llama3-70b-1024xh100-ib.json'), 'utf8'),
  ) as { workload: Record<string, unknown> };
  return parseScenarioOrThrow({
    ...raw,
    workload: {
      ...raw.workload,
      model: preset.shape,
      training: {
        ...(raw.workload['training'] as object),
        globalBatchSeqs: preset.globalBatchSeqs,
        microBatchSeqs: 1,
        recompute: 'full',
      },
      // The recipe's layout with DP stated (1,024 / (TP 2 · PP 8) = 64), so nothing is searched.
      parallelism: { ...preset.layout, dp: 64 },
    },
  });
}

/** DeepSeek-R1 served in FP8 on 8× H100 (TP 8, EP 8) under the serving example's SLO load. */
function moeServingExample() {
  const preset = getModelPreset('deepseek-r1');
  if (!preset) throw new Error('deepseek-r1 preset missing');
  const raw = JSON.parse(
    readFileSync(resolve(here, '../examples', 'serving-llama3-70b-8xh100-fp8.json'), 'utf8'),
  ) as { workload: Record<string, unknown>; cluster: Record<string, Record<string, unknown>> };
  return parseScenarioOrThrow({
    ...raw,
    cluster: {
      ...raw.cluster,
      compute: { ...raw.cluster['compute'], acceleratorId: 'h200-sxm' },
    },
    workload: {
      ...raw.workload,
      model: servingModelFromPreset(preset),
      parallelism: { tp: 8, pp: 1, ep: 8, replicas: 1 },
    },
  });
}

/** Megatron 1T (Narayanan et al. 2021 Table 1) on 3,072 A100s, layout left to the engine. */
function megatron1tSections(): TrainingSections {
  const p = getModelPreset('megatron-1t');
  if (!p) throw new Error('preset megatron-1t missing');
  return {
    workload: trainingWorkloadSchema.parse({
      kind: 'training',
      model: p.shape,
      training: { globalBatchSeqs: p.globalBatchSeqs, precision: 'fp16' },
      parallelism: 'auto',
    }),
    compute: computeSectionSchema.parse({
      acceleratorId: 'a100-sxm-80gb',
      gpus: 3072,
      gpusPerNode: 8,
      nvlinkDomainGpus: 8,
      stack: 'optimized',
    }),
    network: networkSectionSchema.parse({ scaleOut: { fabric: 'infiniband', gbpsPerGpu: 200 } }),
  };
}

/** The benchmark table. */
export const benchmarks: readonly Benchmark[] = [
  {
    id: 'evaluate_training_us',
    unit: 'µs',
    target: 50,
    better: 'lower',
    kind: 'engine',
    description:
      'median time of the training performance step of evaluate() (scenario → step time, throughput, MFU, memory, time to train metrics; 1,024× H100, fixed layout)',
    run: () => {
      const scenario = trainingExample();
      const w = scenario.workload;
      if (w.kind !== 'training')
        throw new Error('the training example must be a training scenario');
      return medianMicros(() => void trainingPerformance(scenario, w), 500, 41, 200);
    },
  },
  {
    id: 'evaluate_full_us',
    unit: 'µs',
    target: 50,
    better: 'lower',
    kind: 'engine',
    description:
      'median time of one full evaluate() of a training scenario: training + data pipeline/checkpoints/failures + power/cooling + cost (1,024× H100, fixed layout)',
    run: () => {
      const scenario = trainingExample();
      return medianMicros(() => void evaluate(scenario), 500, 41, 200);
    },
  },
  {
    id: 'evaluate_serving_us',
    unit: 'µs',
    target: 50,
    better: 'lower',
    kind: 'engine',
    description:
      'median time of one full evaluate() of a serving scenario (Llama 3 70B, 8× H100 FP8)',
    run: () => {
      const scenario = example('serving-llama3-70b-8xh100-fp8.json');
      return medianMicros(() => void evaluate(scenario), 500, 41, 200);
    },
  },
  {
    id: 'evaluate_moe_training_us',
    unit: 'µs',
    target: 20,
    better: 'lower',
    kind: 'engine',
    description:
      'median time of the training performance step of evaluate() on a DeepSeek-V3 scenario (MLA, 256 experts, EP 64 on 1,024× H100, fixed layout)',
    run: () => {
      const scenario = moeTrainingExample();
      const w = scenario.workload;
      if (w.kind !== 'training') throw new Error('the MoE example must be a training scenario');
      return medianMicros(() => void trainingPerformance(scenario, w), 500, 41, 200);
    },
  },
  {
    id: 'evaluate_moe_serving_us',
    unit: 'µs',
    target: 50,
    better: 'lower',
    kind: 'engine',
    description:
      'median time of one full evaluate() of a DeepSeek-R1 serving scenario (FP8, 8× H200, TP 8 / EP 8, p99 SLO search)',
    run: () => {
      const scenario = moeServingExample();
      return medianMicros(() => void evaluate(scenario), 500, 41, 200);
    },
  },
  {
    id: 'training_engine_us',
    unit: 'µs',
    target: 50,
    better: 'lower',
    kind: 'engine',
    description:
      'median time of the training engine alone (simulateTraining) on the same scenario: the training stage of evaluate_training_us',
    run: () => {
      const scenario = trainingExample();
      if (scenario.workload.kind !== 'training')
        throw new Error('example is not a training scenario');
      const sections = trainingSectionsOf(scenario, scenario.workload);
      return medianMicros(() => void simulateTraining(sections), 500, 41, 200);
    },
  },
  {
    id: 'auto_layout_1t_3072_ms',
    unit: 'ms',
    target: 250,
    better: 'lower',
    kind: 'engine',
    description: 'auto layout search for Megatron 1T on 3,072 A100s (median of 5 after 1 warm-up)',
    run: () => {
      const sections = megatron1tSections();
      // What a user waits for when asking for `auto` once: one warm-up run only (fully warmed,
      // the same search takes under 1 ms).
      return medianMicros(() => void autoLayout(sections), 1, 5, 1, 0) / 1000;
    },
  },
  {
    id: 'search_1m_s',
    unit: 's',
    target: 10,
    better: 'lower',
    kind: 'engine',
    description:
      'design search over 1,000,000 candidate builds (Llama 3 70B, 5 accelerators × 20 GPU counts × 2 fabrics × 2 line rates × 4 cooling × 5 storage tiers × 5 cache sizes × 25 regions) on every core (worker_threads), with bound pruning; counts on stderr',
    run: () => measureSearch1m(),
  },
  {
    id: 'mc_1000_draws_ms',
    unit: 'ms',
    target: 1000,
    better: 'lower',
    kind: 'engine',
    description:
      'seeded Monte Carlo (model/analysis), 1,000 draws of the default uncertainty of the 1,024× H100 InfiniBand example, one scenario (median of 3 runs after a 50-draw warm-up); the UI runs it in a Web Worker with progress',
    run: () => {
      const scenario = trainingExample();
      runMonteCarlo([scenario], { draws: 50, seed: 1 });
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        runMonteCarlo([scenario], { draws: 1000, seed: i + 1 });
        times.push(performance.now() - t0);
      }
      return median(times);
    },
  },
  {
    id: 'bundle_gzip_kb',
    unit: 'KB',
    target: 500,
    better: 'lower',
    kind: 'ui',
    description:
      'the built renderer, every file of dist/renderer gzipped (level 9) and summed, lazily loaded chunks included',
    run: async () => {
      await rendererBuild();
      const b = measureBundle(resolve(here, '../dist/renderer'));
      process.stderr.write(
        `note: bundle_gzip_kb of which start-up (index.html and what it loads) ${b.initialKb.toFixed(1)} KB, engine worker entry (shares the engine chunks) ${b.workerKb.toFixed(1)} KB, lazily loaded screens ${(b.totalKb - b.initialKb - b.workerKb).toFixed(1)} KB\n`,
      );
      return b.totalKb;
    },
  },
  {
    id: 'ui_cold_start_ms',
    unit: 'ms',
    target: 1000,
    better: 'lower',
    kind: 'ui',
    description:
      'renderer cold start in Chromium: navigation start to the editor interactive (median of 3 fresh loads)',
    run: async () => (await uiFigures()).ui_cold_start_ms,
  },
  {
    id: 'ui_recompute_6_ms',
    unit: 'ms',
    target: 16,
    better: 'lower',
    kind: 'ui',
    description:
      'with 6 scenarios open, re-validation and re-evaluation after one field edit, measured in the page (median of 9 edits)',
    run: async () => (await uiFigures()).ui_recompute_6_ms,
  },
  {
    id: 'ui_recompute_24_ms',
    unit: 'ms',
    target: 16,
    better: 'lower',
    kind: 'ui',
    description:
      'with 24 scenarios open (the workspace limit), re-validation and re-evaluation after one field edit, measured in the page (median of 9 edits)',
    run: async () => (await uiFigures()).ui_recompute_24_ms,
  },
  {
    id: 'pdf_export_4_s',
    unit: 's',
    target: 3,
    better: 'lower',
    kind: 'ui',
    description:
      'PDF export of a 4-scenario report (print view → PDF, A4) in a warm headless Chromium, median of 3 (cli/report/bench.ts; cold start printed as a note)',
    run: async () => {
      await rendererBuild();
      const r = await measurePdfExport(resolve(here, '../dist/renderer'));
      process.stderr.write(
        `note: pdf_export_4_s cold (browser launch + first export) ${r.coldS.toFixed(2)} s, ${r.pages} pages\n`,
      );
      return r.warmS;
    },
  },
];

let builtRenderer: Promise<void> | null = null;
/** Build the renderer once per bench run so UI figures measure the current sources. */
function rendererBuild(): Promise<void> {
  // The figures are for the production build, whatever NODE_ENV the shell has.
  process.env.NODE_ENV = 'production';
  builtRenderer ??= build({
    configFile: resolve(here, '../vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
  }).then(() => undefined);
  return builtRenderer;
}

let uiRun: Promise<UiBench> | null = null;
/** Both browser figures come from one Chromium session. */
function uiFigures(): Promise<UiBench> {
  uiRun ??= rendererBuild().then(() => measureUi(resolve(here, '../dist/renderer')));
  return uiRun;
}

function round(v: number): number {
  return Number(v.toPrecision(4));
}

/** Run the given benchmarks in order (all by default, or those whose id is listed). */
export async function runBenchmarks(
  table: readonly Benchmark[] = benchmarks,
  only: readonly string[] = [],
): Promise<BenchmarkResult[]> {
  const results: BenchmarkResult[] = [];
  for (const b of table) {
    if (only.length > 0 && !only.includes(b.id)) continue;
    results.push({
      id: b.id,
      value: round(await b.run()),
      unit: b.unit,
      target: b.target,
      better: b.better,
    });
  }
  return results;
}

/** `id value unit (target ≤ x unit)` per line. */
export function formatBenchText(results: readonly BenchmarkResult[]): string {
  return results
    .map(
      (r) =>
        `${r.id} ${r.value} ${r.unit} (target ${r.better === 'lower' ? '≤' : '≥'} ${r.target} ${r.unit})`,
    )
    .join('\n');
}

export function formatBenchJson(results: readonly BenchmarkResult[]): string {
  return JSON.stringify({ benchmarks: results }, null, 2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const only = args.filter((a) => !a.startsWith('-'));
  const unknownId = only.find((id) => !benchmarks.some((b) => b.id === id));
  if (unknownId) {
    process.stderr.write(
      `unknown benchmark "${unknownId}"; known: ${benchmarks.map((b) => b.id).join(', ')}\n`,
    );
    process.exitCode = 2;
    return;
  }
  try {
    const results = await runBenchmarks(benchmarks, only);
    process.stdout.write(`${json ? formatBenchJson(results) : formatBenchText(results)}\n`);
  } catch (e) {
    process.stderr.write(`bench failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) void main();
