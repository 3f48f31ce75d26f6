import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateDataPipeline } from '../../../model/storage';
import type { DataPipelineInput } from '../../../model/storage';

/** One 8-GPU node, 80 samples of 100 MB per 1 s step: 8 GB per step, 8 GB/s to keep it busy. */
function base(over: Partial<DataPipelineInput> = {}): DataPipelineInput {
  return {
    stepComputeS: 1,
    samplesPerStep: 80,
    gpus: 8,
    gpusPerNode: 8,
    sampleBytes: 1e8,
    samplesPerFile: 10,
    cpuSecondsPerSample: 0,
    datasetBytes: 10e12,
    epochs: 10,
    shuffle: 'global',
    tier: {
      readBytesPerS: 4e9,
      perClientReadBytesPerS: null,
      metadataOpsPerS: null,
      priceUsd: 100_000,
    },
    cache: {
      drivesPerNode: 0,
      driveReadBytesPerS: 14e9,
      driveCapacityBytes: 3.84e12,
      drivePriceUsd: 1000,
      hitRatio: null,
      prestaged: false,
    },
    cpu: { coresPerNode: 112, reservedPerNode: 8, pricePerCoreUsd: 50 },
    network: { sharedWithCompute: false, perNodeBytesPerS: 40e9, computeFabricBusyFraction: 0 },
    loader: { prefetchDepthBatches: 2, fetchCv: 0, utilizationThreshold: 0.9, targetStall: 0.01 },
    ...over,
  };
}

describe('data pipeline, hand-checked', () => {
  it('a 4 GB/s tier feeding a node that needs 8 GB/s stalls half the time (no jitter)', () => {
    const r = evaluateDataPipeline(base());
    expect(r.requiredReadBytesPerS).toBe(8e9);
    expect(r.ioS).toBeCloseTo(2, 12); // 8 GB / 4 GB/s
    expect(r.limitingStage).toBe('storage-tier');
    expect(r.stallFraction).toBeCloseTo(0.5, 12); // deterministic: 1 − ρ, ρ = 1 s / 2 s
    expect(r.acceleratorUtilization).toBeCloseTo(0.5, 12);
    expect(r.wallS).toBeCloseTo(2, 12);
    expect(r.deliveredReadBytesPerS).toBeCloseTo(4e9, 0);
    // MLPerf rule: 0.9 × 1e9 B per GPU per 1 s step = 0.9 GB/s per GPU; 4 GB/s feeds 4 GPUs
    expect(r.requiredAtThresholdBytesPerSPerAccelerator).toBeCloseTo(0.9e9, 0);
    expect(r.acceleratorsFedAtThreshold).toBe(4);
    expect(r.acceleratorsFedPerNode).toBe(8);
  });

  it('jitter: cv = 1 with 2 prefetched batches is M/M/1/4', () => {
    const r = evaluateDataPipeline(
      base({
        loader: {
          prefetchDepthBatches: 2,
          fetchCv: 1,
          utilizationThreshold: 0.9,
          targetStall: 0.01,
        },
      }),
    );
    // N = 2·2/1 = 4, ρ = 0.5: P0 = 0.5/(1 − 0.5⁵)
    expect(r.stallFraction).toBeCloseTo(0.5 / 0.96875, 12);
  });

  it('synchronous loading (no prefetch) adds the fetch to the step', () => {
    const r = evaluateDataPipeline(
      base({
        loader: {
          prefetchDepthBatches: 0,
          fetchCv: 0,
          utilizationThreshold: 0.9,
          targetStall: 0.01,
        },
      }),
    );
    expect(r.wallS).toBeCloseTo(3, 12);
    expect(r.stallFraction).toBeCloseTo(2 / 3, 12);
  });

  it('a cache with half the reads: misses take 1 s, so the step is just fed', () => {
    const r = evaluateDataPipeline(
      base({ cache: { ...base().cache, drivesPerNode: 1, hitRatio: 0.5 } }),
    );
    // misses 4 GB / 4 GB/s = 1 s; both sources 8 GB / 18 GB/s = 0.44 s → 1 s = compute
    expect(r.ioS).toBeCloseTo(1, 12);
    expect(r.stallFraction).toBe(0);
    expect(r.deliveredFromCacheBytesPerS).toBeCloseTo(4e9, 0);
  });

  it('cache hit ratio from size vs dataset and warm epochs', () => {
    // 1 drive of 3.84 TB vs 10 TB global dataset, 10 epochs, not pre-staged: 0.384 × 0.9
    const r = evaluateDataPipeline(base({ cache: { ...base().cache, drivesPerNode: 1 } }));
    expect(r.hitRatio).toBeCloseTo(0.384 * 0.9, 12);
    const staged = evaluateDataPipeline(
      base({
        cache: { ...base().cache, drivesPerNode: 1, prestaged: true },
        shuffle: 'per-node-shard',
      }),
    );
    expect(staged.hitRatio).toBeCloseTo(0.384, 12); // one node: its shard is the whole dataset
  });

  it('cheapest fix: two NVMe cache drives per node beat 3.9 GB/s more tier bandwidth', () => {
    const r = evaluateDataPipeline(base());
    expect(r.fix.needed).toBe(true);
    // target 1 % without jitter: fetch ≤ 1/0.99 s. Tier option: 7.92 GB/s → +3.92 GB/s of a
    // 4 GB/s, 100 kUSD tier = 98 kUSD. Cache: hit ≥ 1 − 4e9·1.0101/8e9 = 0.495; with 9/10
    // warm epochs 0.55 × 10 TB = 5.5 TB → 2 drives of 3.84 TB = 2 kUSD.
    const step = r.fix.steps[0];
    expect(step?.kind).toBe('node-cache');
    expect(step?.amount).toBe(2);
    expect(step?.costUsd).toBe(2000);
    const tier = r.fix.alternatives.find((a) => a.kind === 'tier-bandwidth');
    expect(tier?.costUsd).toBeCloseTo(((8e9 / (1 / 0.99) - 4e9) / 4e9) * 100_000, 3);
    // applying the fix removes the stall
    const fixed = evaluateDataPipeline(base({ cache: { ...base().cache, drivesPerNode: 2 } }));
    expect(fixed.stallFraction).toBeLessThanOrEqual(0.01);
  });

  it('CPU-bound pipeline: cores needed and the fix', () => {
    // 80 samples × 0.2 core-s = 16 core-s per step on 104 free cores → 0.154 s; fine.
    // At 2 core-s per sample: 160 core-s / 104 cores = 1.54 s > 1 s.
    const r = evaluateDataPipeline(
      base({ cpuSecondsPerSample: 2, tier: { ...base().tier, readBytesPerS: 100e9 } }),
    );
    expect(r.cpuS).toBeCloseTo(160 / 104, 12);
    expect(r.limitingStage).toBe('cpu');
    expect(r.cpuCoresRequiredPerNode).toBeCloseTo(160 + 8, 9);
    const step = r.fix.steps[0];
    expect(step?.kind).toBe('cpu-cores');
    // need 160 / (1/0.99) = 158.4 cores → +55 over 104
    expect(step?.amount).toBe(55);
    expect(step?.costUsd).toBe(55 * 50);
  });

  it('metadata-bound: one file per sample against a slow metadata service', () => {
    const r = evaluateDataPipeline(
      base({
        samplesPerFile: 1,
        tier: { ...base().tier, readBytesPerS: 100e9, metadataOpsPerS: 40 },
      }),
    );
    expect(r.metadataS).toBeCloseTo(2, 12); // 80 opens / 40 per s
    expect(r.limitingStage).toBe('metadata');
    expect(r.metadataOpsRequiredPerS).toBe(80);
    expect(r.fix.steps[0]?.kind).toBe('repack-shards');
  });

  it('jitter only: a faster-than-compute loader is fixed by deeper prefetch at no cost', () => {
    const r = evaluateDataPipeline(
      base({
        tier: { ...base().tier, readBytesPerS: 10e9 },
        loader: {
          prefetchDepthBatches: 1,
          fetchCv: 1.5,
          utilizationThreshold: 0.9,
          targetStall: 0.01,
        },
      }),
    );
    expect(r.stallFraction).toBeGreaterThan(0.01);
    const step = r.fix.steps[0];
    expect(step?.kind).toBe('prefetch-depth');
    expect(step?.costUsd).toBe(0);
    const deeper = evaluateDataPipeline(
      base({
        tier: { ...base().tier, readBytesPerS: 10e9 },
        loader: {
          prefetchDepthBatches: step?.amount ?? 0,
          fetchCv: 1.5,
          utilizationThreshold: 0.9,
          targetStall: 0.01,
        },
      }),
    );
    expect(deeper.stallFraction).toBeLessThanOrEqual(0.01);
  });

  it('a shared storage path loses the time the compute fabric is busy', () => {
    const r = evaluateDataPipeline(
      base({
        tier: { ...base().tier, readBytesPerS: 100e9 },
        network: {
          sharedWithCompute: true,
          perNodeBytesPerS: 10e9,
          computeFabricBusyFraction: 0.5,
        },
      }),
    );
    expect(r.tierLimit).toBe('network-path');
    expect(r.tierBytesPerSPerNode).toBe(5e9);
  });

  it('rejects invalid input naming the field', () => {
    expect(() => evaluateDataPipeline(base({ stepComputeS: 0 }))).toThrow(/stepComputeS/);
    expect(() =>
      evaluateDataPipeline(
        base({
          cpuSecondsPerSample: 1,
          cpu: { coresPerNode: 8, reservedPerNode: 8, pricePerCoreUsd: null },
        }),
      ),
    ).toThrow(/cpuCoresReservedPerNode/);
  });
});

const arbInput = fc.record({
  stepComputeS: fc.double({ min: 0.01, max: 20, noNaN: true }),
  samplesPerGpu: fc.integer({ min: 1, max: 512 }),
  gpus: fc.integer({ min: 1, max: 4096 }),
  gpusPerNode: fc.constantFrom(1, 4, 8),
  sampleBytes: fc.double({ min: 1e3, max: 2e8, noNaN: true }),
  samplesPerFile: fc.double({ min: 1, max: 1e4, noNaN: true }),
  cpu: fc.double({ min: 0, max: 0.05, noNaN: true }),
  datasetTB: fc.double({ min: 0.01, max: 1000, noNaN: true }),
  epochs: fc.double({ min: 1, max: 100, noNaN: true }),
  readGBps: fc.double({ min: 1, max: 5000, noNaN: true }),
  meta: fc.option(fc.double({ min: 1e3, max: 1e7, noNaN: true }), { nil: null }),
  drives: fc.integer({ min: 0, max: 16 }),
  prestaged: fc.boolean(),
  depth: fc.integer({ min: 0, max: 8 }),
  cv: fc.double({ min: 0, max: 2, noNaN: true }),
});

function build(a: {
  stepComputeS: number;
  samplesPerGpu: number;
  gpus: number;
  gpusPerNode: number;
  sampleBytes: number;
  samplesPerFile: number;
  cpu: number;
  datasetTB: number;
  epochs: number;
  readGBps: number;
  meta: number | null;
  drives: number;
  prestaged: boolean;
  depth: number;
  cv: number;
}): DataPipelineInput {
  return base({
    stepComputeS: a.stepComputeS,
    samplesPerStep: a.samplesPerGpu * a.gpus,
    gpus: a.gpus,
    gpusPerNode: a.gpusPerNode,
    sampleBytes: a.sampleBytes,
    samplesPerFile: a.samplesPerFile,
    cpuSecondsPerSample: a.cpu,
    datasetBytes: a.datasetTB * 1e12,
    epochs: a.epochs,
    tier: {
      readBytesPerS: a.readGBps * 1e9,
      perClientReadBytesPerS: null,
      metadataOpsPerS: a.meta,
      priceUsd: null,
    },
    cache: { ...base().cache, drivesPerNode: a.drives, prestaged: a.prestaged },
    cpu: {
      coresPerNode: 112,
      reservedPerNode: Math.min(a.gpusPerNode, a.gpus),
      pricePerCoreUsd: null,
    },
    loader: {
      prefetchDepthBatches: a.depth,
      fetchCv: a.cv,
      utilizationThreshold: 0.9,
      targetStall: 0.01,
    },
  });
}

describe('data pipeline properties', () => {
  it('more tier bandwidth never increases the stall', () => {
    fc.assert(
      fc.property(arbInput, fc.double({ min: 1, max: 100, noNaN: true }), (a, k) => {
        const s1 = evaluateDataPipeline(build(a)).stallFraction;
        const s2 = evaluateDataPipeline(build({ ...a, readGBps: a.readGBps * k })).stallFraction;
        expect(s2).toBeLessThanOrEqual(s1 + 1e-12);
      }),
    );
  });

  it('more cache (drives, pre-staging) never increases the stall', () => {
    fc.assert(
      fc.property(arbInput, fc.integer({ min: 0, max: 16 }), (a, more) => {
        const s1 = evaluateDataPipeline(build(a)).stallFraction;
        const s2 = evaluateDataPipeline(build({ ...a, drives: a.drives + more })).stallFraction;
        const s3 = evaluateDataPipeline(build({ ...a, prestaged: true })).stallFraction;
        expect(s2).toBeLessThanOrEqual(s1 + 1e-12);
        expect(s3).toBeLessThanOrEqual(s1 + 1e-12);
      }),
    );
  });

  it('stall in [0, 1), AU = 1 − stall, all outputs finite', () => {
    fc.assert(
      fc.property(arbInput, (a) => {
        const r = evaluateDataPipeline(build(a));
        expect(r.stallFraction).toBeGreaterThanOrEqual(0);
        expect(r.stallFraction).toBeLessThan(1);
        expect(r.acceleratorUtilization).toBeCloseTo(1 - r.stallFraction, 12);
        for (const v of [
          r.wallS,
          r.deliveredReadBytesPerS,
          r.requiredReadBytesPerS,
          r.fetchS,
          r.supplyReadBytesPerS,
        ]) {
          expect(Number.isFinite(v)).toBe(true);
        }
        expect(r.deliveredReadBytesPerS).toBeLessThanOrEqual(r.requiredReadBytesPerS * (1 + 1e-9));
      }),
    );
  });
});
