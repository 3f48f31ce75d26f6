import { describe, expect, it } from 'vitest';
import { servingWorkloadSchema } from '../../../model/scenario/serving';
import { workloadSchema } from '../../../model/scenario/workload';
import { evaluateServing } from '../../../model/serving';
import { servingInputOf } from '../../../model/serving/input';

const minimal = {
  kind: 'serving',
  model: {
    paramsB: 70.55,
    layers: 80,
    hiddenSize: 8192,
    attentionHeads: 64,
    kvHeads: 8,
    ffnHiddenSize: 28672,
    ffnType: 'swiglu',
    vocabSize: 128256,
  },
  serving: { inputTokensMean: 1000, outputTokensMean: 500 },
} as const;

describe('scenario serving workload', () => {
  it('parses a minimal workload with defaults (offline, bf16, auto layout, no partition)', () => {
    const w = servingWorkloadSchema.parse(minimal);
    expect(w.serving.load).toEqual({ mode: 'offline' });
    expect(w.serving.precision).toBe('bf16');
    expect(w.parallelism).toEqual({
      tp: 'auto',
      pp: 'auto',
      ep: 1,
      replicas: 'auto',
      attentionDp: false,
    });
    expect(w.partition).toEqual({ kind: 'none' });
    expect(w.model.moe).toBeNull();
    expect(w.model.tiedEmbeddings).toBe(false);
  });

  it('is a member of the workload union under kind "serving"', () => {
    const w = workloadSchema.parse(minimal);
    expect(w.kind).toBe('serving');
  });

  it('rejects out-of-range numbers naming the field', () => {
    const bad = servingWorkloadSchema.safeParse({
      ...minimal,
      serving: {
        inputTokensMean: 0,
        outputTokensMean: 500,
        load: { mode: 'request_rate', requestsPerS: -1 },
      },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('serving.inputTokensMean');
    expect(paths).toContain('serving.load.requestsPerS');
    const moe = servingWorkloadSchema.safeParse({
      ...minimal,
      model: { ...minimal.model, moe: { experts: 8, topK: 9, activeParamsB: 12.9 } },
    });
    expect(moe.success).toBe(false);
    expect(moe.error!.issues[0]!.path.join('.')).toBe('model.moe.topK');
  });

  it('is the engine input: read once into the working input and evaluated (8x H200, TP auto, SLO load)', () => {
    const w = servingWorkloadSchema.parse({
      ...minimal,
      serving: {
        ...minimal.serving,
        precision: 'fp8',
        load: { mode: 'slo', ttftLimitMs: 2000, tpotLimitMs: 50 },
      },
    });
    const sections = {
      workload: w,
      compute: {
        acceleratorId: 'h200-sxm',
        gpus: 8,
        gpusPerNode: 8,
        nvlinkDomainGpus: 'auto' as const,
        stack: 'optimized' as const,
      },
    };
    const cfg = servingInputOf(sections);
    expect(servingInputOf(sections)).toBe(cfg);
    expect(cfg.model.paramsTotal).toBeCloseTo(70.55e9, -3);
    expect(cfg.nvlinkDomainGpus).toBe(8);
    expect(cfg.load).toEqual({ mode: 'slo', ttftLimitMs: 2000, tpotLimitMs: 50, percentile: 99 });
    const r = evaluateServing(sections);
    expect(r.tp * r.pp * r.replicas).toBeLessThanOrEqual(8);
    expect(r.tpotPctMs).toBeLessThanOrEqual(50.0001);
  });
});
