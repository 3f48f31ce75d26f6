import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../../model/metrics/metric';
import { reliabilityMetrics } from '../../../model/reliability';
import { reliabilitySectionSchema } from '../../../model/scenario/reliability';
import { storageSectionSchema } from '../../../model/scenario/storage';
import {
  adjustTimeToTrainDays,
  evaluateDataAndReliability,
  storageMetrics,
} from '../../../model/storage';
import type { DataReliabilityInput } from '../../../model/storage';

const registry = buildRegistry([storageMetrics, reliabilityMetrics]);

function checkMetrics(metrics: Readonly<Record<string, { value: number; unit: string }>>): void {
  for (const [id, v] of Object.entries(metrics)) {
    const def = registry.get(id);
    expect(def, id).toBeDefined();
    expect(v.unit, id).toBe(def?.unit);
    expect(Number.isFinite(v.value), id).toBe(true);
  }
}

/**
 * Llama 3 405B on 16,384 H100 (Dubey et al. 2024): 2,048 nodes; batch 16M tokens = 2,048
 * sequences of 8,192; Tectonic checkpoint storage "2 TB/s sustained, 7 TB/s peak".
 * Step compute ≈ 6 × 405e9 × 16.8e6 FLOP / (16,384 × 989 TFLOP/s × 0.40 MFU) ≈ 6.3 s
 * (only the data stage depends on it, and it is negligible for tokens).
 */
function llama3(mode: 'sync' | 'async'): DataReliabilityInput {
  return {
    stepComputeS: 6.3,
    samplesPerStep: 2048,
    gpus: 16384,
    gpusPerNode: 8,
    parameterCount: 405e9,
    seqLenTokens: 8192,
    vocabSize: 128256,
    storage: storageSectionSchema.parse({
      dataTier: { kind: 'object-store', readGBps: 2000, writeGBps: 2000 },
      checkpoint: { mode },
    }),
    reliability: reliabilitySectionSchema.parse({}),
  };
}

describe('data + reliability stage', () => {
  it('a scenario without the sections parses and evaluates', () => {
    const r = evaluateDataAndReliability({
      stepComputeS: 2,
      samplesPerStep: 512,
      gpus: 64,
      gpusPerNode: 8,
      parameterCount: 7e9,
      seqLenTokens: 4096,
      vocabSize: 32000,
      storage: storageSectionSchema.parse(undefined),
      reliability: reliabilitySectionSchema.parse(undefined),
    });
    checkMetrics(r.metrics);
    // 512 × 4096 tokens × 2 bytes / 2 s = 2.1 MB/s: LLM pre-training is not data-bound
    expect(r.metrics.required_read_gbps?.value).toBeCloseTo((512 * 4096 * 2) / 2 / 1e9, 12);
    expect(r.metrics.data_stall_pct?.value).toBe(0);
    expect(r.metrics.checkpoint_size_tb?.value).toBeCloseTo(0.098, 12);
  });

  it('anchor: Llama 3 405B — 419 interruptions in 54 days, > 90 % effective training time', () => {
    for (const mode of ['sync', 'async'] as const) {
      const r = evaluateDataAndReliability(llama3(mode));
      checkMetrics(r.metrics);
      expect((r.metrics.interruptions_per_day?.value ?? 0) * 54).toBeCloseTo(419, 6);
      expect(r.metrics.checkpoint_size_tb?.value).toBeCloseTo(5.67, 9); // 405e9 × 14 B
      const g = r.metrics.goodput_pct?.value ?? 0;
      expect(g).toBeGreaterThan(90);
      expect(g).toBeLessThan(97); // interruptions every ~3 h with 10 min restarts cost several %
      expect(r.bottleneck.cause).toBe('failures');
    }
    const sync = evaluateDataAndReliability(llama3('sync'));
    const async = evaluateDataAndReliability(llama3('async'));
    expect(async.metrics.goodput_pct?.value ?? 0).toBeGreaterThan(
      sync.metrics.goodput_pct?.value ?? 0,
    );
  });

  it('wall-time shares sum to 1 and lost GPU-hours add up', () => {
    const r = evaluateDataAndReliability(llama3('sync'));
    const s = r.wallShares;
    expect(s.useful + s.dataStall + s.checkpoint + s.failures).toBeCloseTo(1, 12);
    const l = r.lostGpuHoursPerDay;
    expect(l.total).toBeCloseTo(l.dataStall + l.checkpoint + l.failures, 6);
    expect(l.total).toBeCloseTo(16384 * 24 * (1 - s.useful), 6);
    expect(r.timeToTrainFactor).toBeCloseTo(1 / s.useful, 12);
  });

  it('starved cluster and its fix (the README example)', () => {
    const starved = starvedExample(0);
    const r = evaluateDataAndReliability(starved);
    checkMetrics(r.metrics);
    // 256 GPUs × 400 samples × 114,660 B / 0.224 s = 52.4 GB/s needed; the NAS gives 20
    expect(r.metrics.required_read_gbps?.value).toBeCloseTo(
      (256 * 400 * 114660.07) / 0.224 / 1e9,
      6,
    );
    expect(r.data.limitingStage).toBe('storage-tier');
    expect(r.metrics.data_stall_pct?.value ?? 0).toBeGreaterThan(55);
    expect(r.bottleneck.cause).toBe('data-stall');
    const step = r.fix.steps[0];
    expect(step?.kind).toBe('node-cache');
    expect(step?.amount).toBe(1);
    expect(r.fix.totalCostUsd).toBe(32 * 1500);
    const fixed = evaluateDataAndReliability(starvedExample(1));
    expect(fixed.metrics.data_stall_pct?.value ?? 100).toBeLessThanOrEqual(1);
    expect(fixed.metrics.lost_gpu_hours_per_day_data_stall?.value ?? 1e9).toBeLessThan(
      (r.metrics.lost_gpu_hours_per_day_data_stall?.value ?? 0) / 50,
    );
    // MLPerf rule: 0.9 × 400 × 114,660 B / 0.224 s = 184 MB/s per GPU → 20 GB/s feeds 108 GPUs
    expect(r.metrics.accelerators_fed_at_threshold?.value).toBe(
      Math.floor(20e9 / ((0.9 * 400 * 114660.07) / 0.224)),
    );
  });

  it('adjusted time to train', () => {
    expect(adjustTimeToTrainDays(10, 1.25)).toBe(12.5);
    expect(adjustTimeToTrainDays(10, 1.25, 2)).toBe(12);
    expect(adjustTimeToTrainDays(10, null)).toBeNull();
    expect(() => adjustTimeToTrainDays(Number.NaN, 1)).toThrow(/baseDays/);
  });

  it('property: goodput ≤ 100 % and falls as GPUs grow at fixed rates and checkpoint cost', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2048 }),
        fc.integer({ min: 2, max: 8 }),
        fc.double({ min: 1e8, max: 1e12, noNaN: true }),
        fc.double({ min: 10, max: 5000, noNaN: true }),
        (nodes, k, params, writeGBps) => {
          const run = (n: number): number => {
            const r = evaluateDataAndReliability({
              stepComputeS: 1,
              samplesPerStep: n * 8,
              gpus: n * 8,
              gpusPerNode: 8,
              parameterCount: params,
              seqLenTokens: 2048,
              vocabSize: 50000,
              storage: storageSectionSchema.parse({
                dataTier: { readGBps: writeGBps, writeGBps },
                network: { perNodeGBps: 1e4 },
                // fast device→host so the checkpoint cost is the (fixed) tier write
                checkpoint: { deviceToHostGBpsPerGpu: 1000 },
              }),
              reliability: reliabilitySectionSchema.parse({}),
            });
            return r.metrics.goodput_pct?.value ?? Number.NaN;
          };
          const g1 = run(nodes);
          const g2 = run(nodes * k);
          expect(g1).toBeLessThanOrEqual(100);
          expect(g2).toBeLessThanOrEqual(g1 + 0.01);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** ResNet-50-style training on 256 H100 (MLPerf Storage resnet50_h100 parameters) fed by a 20 GB/s NAS. */
function starvedExample(cacheDrives: number): DataReliabilityInput {
  return {
    stepComputeS: 0.224,
    samplesPerStep: 256 * 400,
    gpus: 256,
    gpusPerNode: 8,
    parameterCount: 25.6e6,
    storage: storageSectionSchema.parse({
      dataset: {
        sizeTB: 0.147,
        sampleBytes: 114660.07,
        format: 'sharded-records',
        samplesPerFile: 1251,
        cpuSecondsPerSample: 0.004,
        epochs: 40,
      },
      dataTier: {
        kind: 'nas',
        readGBps: 20,
        writeGBps: 10,
        metadataOpsPerS: 100000,
        priceUsd: 500000,
      },
      nodeCache: { drivesPerNode: cacheDrives, drivePriceUsd: 1500 },
      node: { cpuPricePerCoreUsd: 60 },
    }),
    reliability: reliabilitySectionSchema.parse({}),
  };
}

describe('a job shorter than the checkpoint interval', () => {
  it('checkpoints once, at its end: the interval is the job and a failure loses at most half of it', () => {
    // 8 GPUs: one interruption in months, so Young/Daly would checkpoint every day or so.
    const small: DataReliabilityInput = { ...llama3('sync'), gpus: 8, parameterCount: 8e9 };
    const open = evaluateDataAndReliability(small);
    const jobS = 3600;
    const capped = evaluateDataAndReliability({ ...small, jobComputeS: jobS });
    expect(open.checkpointIntervalS ?? 0).toBeGreaterThan(jobS);
    expect(capped.checkpointIntervalS).toBe(jobS);
    expect(capped.reliability.lostWorkPerFailureS).toBeLessThanOrEqual(
      (jobS + capped.checkpoint.blockingS) / 2 + 1e-9,
    );
    expect(capped.reliability.lostWorkPerFailureS).toBeLessThan(
      open.reliability.lostWorkPerFailureS,
    );
    expect(capped.warnings.some((w) => w.includes('checkpoints once, at its end'))).toBe(true);
    // A job longer than the interval keeps it.
    const long = evaluateDataAndReliability({ ...small, jobComputeS: 1e9 });
    expect(long.checkpointIntervalS).toBe(open.checkpointIntervalS);
  });
});

/**
 * An example scenario (optionally edited before parsing) run through the training engine, and
 * the stage input built from it.
 */
async function trainedExample(
  name: string,
  edit: (raw: { cluster: Record<string, unknown> }) => void = () => {},
) {
  const { readFileSync } = await import('node:fs');
  const { parseScenarioOrThrow } = await import('../../../model/scenario');
  const { resolveFor, trainingSectionsOf } = await import('../../../model/evaluate');
  const { simulateTraining } = await import('../../../model/training');
  const { dataReliabilityInputFor } = await import('../../../model/storage');
  const raw = JSON.parse(readFileSync(`examples/${name}`, 'utf8')) as {
    cluster: Record<string, unknown>;
  };
  edit(raw);
  const sc = parseScenarioOrThrow(raw);
  if (sc.workload.kind !== 'training') throw new Error('expected a training example');
  const training = simulateTraining(trainingSectionsOf(sc, sc.workload));
  const workload = sc.workload;
  // The build's storage tiers (every figure filled in) and its compute-fabric switches.
  const input = dataReliabilityInputFor(sc, workload, training, resolveFor(sc));
  return { sc, workload, training, input };
}

describe('wiring with the training engine', () => {
  it('an example scenario runs through training then the data + reliability stage', async () => {
    const { training, input } = await trainedExample('pretrain-llama3-70b-1024xh100-ib.json');
    const r = evaluateDataAndReliability(input);
    checkMetrics(r.metrics);
    // 70B × 14 B = 0.98 TB of weights and Adam state
    expect(r.metrics.checkpoint_size_tb?.value).toBeCloseTo((training.paramsTotal * 14) / 1e12, 9);
    expect(r.timeToTrainFactor ?? 0).toBeGreaterThanOrEqual(1);
    const base = training.timeToTrainDays ?? 1;
    expect(adjustTimeToTrainDays(base, r.timeToTrainFactor) ?? 0).toBeGreaterThanOrEqual(base);
  });

  it('evaluate() feeds the stage this same input; a shared storage path sees the DP and PP traffic', async () => {
    const { evaluate } = await import('../../../model/evaluate');
    const { sc, training, input } = await trainedExample(
      'pretrain-llama3-70b-1024xh100-ib.json',
      (raw) => {
        raw.cluster['storage'] = { network: { path: 'shared-with-compute', perNodeGBps: 0.01 } };
      },
    );
    const b = training.breakdown;
    expect(b.ppCommS).toBeGreaterThan(0);
    expect(b.dpCommS).toBeGreaterThan(0);
    expect(input.computeFabricBusyFraction).toBeCloseTo(
      (b.dpCommS + b.ppCommS) / training.stepTimeS,
      12,
    );
    const own = evaluateDataAndReliability(input);
    // The 10 MB/s shared link binds, so the busy share shows in what the tier delivers.
    expect(own.data.tierLimit).toBe('network-path');
    expect(evaluate(sc).dataReliability).toEqual(own);
  });

  it('a LoRA fine-tune checkpoints its adapters only, and a job shorter than the interval once', async () => {
    const { workload, training, input } = await trainedExample(
      'finetune-llama3-8b-8xh100-lora.json',
    );
    expect(training.paramsTrainable).toBeLessThan(training.paramsTotal / 50);
    expect(input.parameterCount).toBe(training.paramsTrainable);
    const r = evaluateDataAndReliability(input);
    expect(r.metrics.checkpoint_size_tb?.value).toBeCloseTo(
      (training.paramsTrainable * 14) / 1e12,
      9,
    );
    const jobS = (training.timeToTrainS ?? 0) - workload.training.fixedOverheadS;
    expect(r.checkpointIntervalS ?? 0).toBeLessThanOrEqual(jobS + 1e-6);
  });

  it('a node-cache warning is cleared by entering what it asks for', () => {
    const withCache = (storage: object) =>
      evaluateDataAndReliability({
        ...llama3('sync'),
        storage: storageSectionSchema.parse({
          dataTier: { kind: 'object-store', readGBps: 2000, writeGBps: 2000 },
          nodeCache: { drivesPerNode: 4 },
          ...storage,
        }),
      }).warnings.filter((w) => w.includes('node cache'));
    // Two epochs, size unknown: the warning asks for the dataset size (or a hit ratio) ...
    const unknown = withCache({ dataset: { epochs: 2 } });
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatch(/dataset\.sizeTB/);
    // ... and entering it clears the warning.
    expect(withCache({ dataset: { epochs: 2, sizeTB: 100 } })).toEqual([]);
    // One pass, not pre-staged: the cache never hits whatever the size, so the warning says
    // that (not "enter the size"), and it stays after the size is entered.
    const once = withCache({ dataset: { epochs: 1 } });
    expect(once[0]).toMatch(/single pass/);
    expect(withCache({ dataset: { epochs: 1, sizeTB: 100 } })).toEqual(once);
    expect(
      withCache({ dataset: { epochs: 1 }, nodeCache: { drivesPerNode: 4, prestaged: true } }),
    ).toHaveLength(1);
  });
});
