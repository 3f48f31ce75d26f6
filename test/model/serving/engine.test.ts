import { describe, expect, it } from 'vitest';
import {
  clockFactorForPowerCap,
  decodeStepS,
  erlangC,
  expectedDistinctExperts,
  expertParamsPerLayer,
  kvCacheBytesPerToken,
  normalQuantile,
  prepareServing,
  servingFigures,
  servingMetrics,
  weightBytes,
} from '../../../model/serving';
import { evaluateServingInput } from '../../../model/serving/evaluate';
import {
  gpusForTargetLoadOfInput,
  servingCurveOfInput,
  UnreachableSloError,
} from '../../../model/serving/curve';
import { LLAMA3_70B, LLAMA3_8B, MIXTRAL_8X7B, config } from './helpers';

describe('KV cache and weights (hand-checked)', () => {
  it('Llama 3 70B: 2·80 layers·8 KV heads·128 dims·2 B = 327,680 B per token in BF16', () => {
    expect(kvCacheBytesPerToken(LLAMA3_70B, 'bf16')).toBe(327_680);
    expect(kvCacheBytesPerToken(LLAMA3_70B, 'fp8')).toBe(163_840);
  });

  it('Llama 3.1 8B: 2·32·8·128·2 = 131,072 B per token in BF16', () => {
    expect(kvCacheBytesPerToken(LLAMA3_8B, 'bf16')).toBe(131_072);
  });

  it('70B weights: 141.1 GB in BF16; FP8 keeps the 2.10 B embedding params in 16-bit', () => {
    expect(weightBytes(LLAMA3_70B, 'bf16')).toBeCloseTo(141.1e9, -7);
    // (70.55 − 2.1013)e9 · 1 B + 2.1013e9 · 2 B = 72.65 GB
    expect(weightBytes(LLAMA3_70B, 'fp8') / 1e9).toBeCloseTo(72.65, 1);
  });

  it('MoE: Mixtral expert = (46.7 − 12.9)e9 / (32 layers · 6 unused) = 176.0 M params; distinct experts', () => {
    expect(expertParamsPerLayer(MIXTRAL_8X7B) / 1e6).toBeCloseTo(176.04, 1);
    expect(expectedDistinctExperts(8, 2, 1)).toBeCloseTo(2, 10);
    expect(expectedDistinctExperts(8, 2, 2)).toBeCloseTo(3.5, 10); // 8·(1 − 0.75²)
    expect(expectedDistinctExperts(8, 2, 1000)).toBeCloseTo(8, 6);
  });
});

describe('decode step (hand-checked)', () => {
  it('Llama 3.1 8B BF16 on one H100, batch 1: 7.315 ms', () => {
    // Weights read per step: 16.06 GB − 1.05 GB input embedding = 15.009 GB at 3.35 TB/s · 0.82
    // → 5.464 ms; GEMM math 1.50e10 FLOP at 989e12 · 0.80 (MAMF) · 0.75 → 0.025 ms, half of it
    // exposed beside the weight stream → 0.013 ms; elementwise 32 · 2 B · (8·4096 + 4·4096 +
    // 3·14336) = 5.9 MB → 0.002 ms; kernel floor 32 layers · 48 µs + 0.3 ms = 1.836 ms.
    // Total 7.315 ms.
    const p = prepareServing(config({ inputTokens: 1, outputTokens: 1 }), 1, 1, 1);
    expect(decodeStepS(p, 1, false) * 1000).toBeCloseTo(7.315, 1);
    // Never below the pure bandwidth bound 15.0 GB / 3.35 TB/s = 4.48 ms.
    expect(decodeStepS(p, 1, false)).toBeGreaterThan(15.0e9 / 3.35e12);
  });

  it('H200 decodes the same step faster than H100 (bandwidth-bound at batch 1)', () => {
    const h100 = prepareServing(config(), 1, 1, 1);
    const h200 = prepareServing(config({ acceleratorId: 'h200-sxm' }), 1, 1, 1);
    expect(decodeStepS(h200, 1)).toBeLessThan(decodeStepS(h100, 1));
  });

  it('becomes compute-bound at large batch: step time grows with the batch', () => {
    const p = prepareServing(config(), 1, 1, 1);
    expect(decodeStepS(p, 256)).toBeGreaterThan(3 * decodeStepS(p, 1));
  });
});

describe('memory fit', () => {
  it('70B FP8 on one H100 is KV-starved; one H200 holds many times the batch (the cliff)', () => {
    const h100 = evaluateServingInput(config({ model: LLAMA3_70B, precision: 'fp8' }));
    const h200 = evaluateServingInput(
      config({ model: LLAMA3_70B, precision: 'fp8', acceleratorId: 'h200-sxm' }),
    );
    expect(h100.maxBatch).toBeLessThan(40);
    expect(h200.maxBatch).toBeGreaterThan(5 * h100.maxBatch);
    expect(h200.outputTokensPerS).toBeGreaterThan(2 * h100.outputTokensPerS);
  });

  it('a model that does not fit is rejected naming the field', () => {
    expect(() => evaluateServingInput(config({ model: LLAMA3_70B }))).toThrow(/parallelism/);
  });

  it('an accelerator the serving engine does not know is rejected naming it', () => {
    // Field ranges and cross-field rules are the scenario's (test/model/scenario).
    expect(() => evaluateServingInput(config({ acceleratorId: 'nope-9000' }))).toThrow(/nope-9000/);
  });
});

describe('queueing and percentiles', () => {
  it('Erlang C(2 servers, 1 erlang) = 1/3; normal quantile p99 = 2.326', () => {
    expect(erlangC(2, 1)).toBeCloseTo(1 / 3, 12);
    expect(normalQuantile(0.99)).toBeCloseTo(2.326, 2);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 3);
  });

  it('closed loop with one client: throughput = L_out / (TTFT + (L_out − 1)·TPOT)', () => {
    const r = evaluateServingInput(config({ load: { mode: 'concurrency', concurrency: 1 } }));
    const expected = 500 / ((r.ttftMs + 499 * r.tpotMs) / 1000);
    expect(r.outputTokensPerS).toBeCloseTo(expected, 6);
  });

  it('p99 TPOT = mean · (1 + 2.326 · 0.08)', () => {
    const r = evaluateServingInput(config({ load: { mode: 'request_rate', requestsPerS: 2 } }));
    expect(r.tpotPctMs / r.tpotMs).toBeCloseTo(1 + normalQuantile(0.99) * 0.08, 6);
  });

  it('SLO mode returns a rate whose p99 TPOT meets the limit', () => {
    const r = evaluateServingInput(
      config({ load: { mode: 'slo', ttftLimitMs: 2000, tpotLimitMs: 40, percentile: 99 } }),
    );
    expect(r.tpotPctMs).toBeLessThanOrEqual(40 * 1.0001);
    expect(r.requestsPerS).toBeGreaterThan(0);
  });
});

describe('power, cost, curve, sizing', () => {
  it('a 500 W cap on a 700 W H200 leaves 0.811 of the clock: ((500 − 210)/490)^(1/2.5)', () => {
    expect(clockFactorForPowerCap(700, 500)).toBeCloseTo(0.8107, 3);
    expect(clockFactorForPowerCap(700, null)).toBe(1);
    expect(clockFactorForPowerCap(700, 900)).toBe(1);
  });

  it('power cap lowers compute-bound throughput, never raises it', () => {
    const base = config({ model: LLAMA3_70B, precision: 'fp8', acceleratorId: 'h200-sxm' });
    const full = evaluateServingInput(base);
    const capped = evaluateServingInput({ ...base, powerLimitW: 500 });
    expect(capped.outputTokensPerS).toBeLessThan(full.outputTokensPerS);
    expect(capped.outputTokensPerS).toBeGreaterThan(0.7 * full.outputTokensPerS);
  });

  it('curve: throughput rises, TPOT never falls, and the SLO break is named', () => {
    const c = servingCurveOfInput(
      config(),
      { ttftLimitMs: 1000, tpotLimitMs: 30, percentile: 99 },
      12,
    );
    for (let i = 1; i < c.points.length; i++) {
      expect(c.points[i]!.outputTokensPerS).toBeGreaterThanOrEqual(
        c.points[i - 1]!.outputTokensPerS,
      );
      expect(c.points[i]!.tpotMs).toBeGreaterThanOrEqual(c.points[i - 1]!.tpotMs);
    }
    expect(c.sloBreak).not.toBeNull();
    expect(c.sloBreak!.label).toMatch(/req\/s/);
  });

  /** Llama 3 70B in FP8 on 8 H200s, TP 2: the sizing tests' deployment. */
  const h200Tp2 = () =>
    config({
      model: LLAMA3_70B,
      precision: 'fp8',
      acceleratorId: 'h200-sxm',
      gpus: 8,
      layout: { tp: 2, pp: 1, ep: 1, replicas: null },
    });

  it('sizing: GPUs = ceil(target / SLO rate per copy) · GPUs per copy', () => {
    const cfg = h200Tp2();
    const slo = { ttftLimitMs: 2000, tpotLimitMs: 50, percentile: 99 };
    const s = gpusForTargetLoadOfInput(cfg, 100, slo);
    expect(s.gpus).toBe(Math.ceil(100 / s.requestsPerSPerReplica) * 2);
    expect(s.headroomUse).toBeLessThanOrEqual(1);
    // Double the target never needs fewer GPUs.
    expect(gpusForTargetLoadOfInput(cfg, 200, slo).gpus).toBeGreaterThanOrEqual(s.gpus);
  });

  it('sizing for the load’s own SLO reuses its solved rate, and only for exactly those limits', () => {
    const slo = { ttftLimitMs: 2000, tpotLimitMs: 50, percentile: 99 };
    const loadCfg = { ...h200Tp2(), load: { mode: 'slo' as const, ...slo } };
    const r = evaluateServingInput(loadCfg);
    const reused = gpusForTargetLoadOfInput(loadCfg, 100, slo);
    // The same figures as a sizing solved from scratch (another configuration object).
    const fresh = gpusForTargetLoadOfInput(h200Tp2(), 100, slo);
    expect(reused).toEqual(fresh);
    expect(reused.requestsPerSPerReplica * reused.replicas).toBeGreaterThan(0);
    expect(r.requestsPerS / r.replicas).toBeCloseTo(reused.requestsPerSPerReplica, 9);
    // Other limits on the same copy are solved, not taken from the load's.
    const tighter = { ...slo, tpotLimitMs: 30 };
    expect(gpusForTargetLoadOfInput(loadCfg, 100, tighter)).toEqual(
      gpusForTargetLoadOfInput(h200Tp2(), 100, tighter),
    );
    expect(gpusForTargetLoadOfInput(loadCfg, 100, tighter).requestsPerSPerReplica).toBeLessThan(
      reused.requestsPerSPerReplica,
    );
  });

  it('sizing: limits one copy misses even alone throw UnreachableSloError naming the field and the miss', () => {
    const cfg = h200Tp2();
    // A TTFT limit shorter than one 8,000-token prompt takes; a TPOT limit any step meets.
    const cfgLong = { ...cfg, inputTokens: 8000 };
    const slo = { ttftLimitMs: 1, tpotLimitMs: 10_000, percentile: 99 };
    let err: unknown;
    try {
      gpusForTargetLoadOfInput(cfgLong, 10, slo);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UnreachableSloError);
    const msg = (err as Error).message;
    expect(msg).toMatch(
      /^workload\.target: no number of GPUs meets p99 TTFT ≤ 1\.0 ms and TPOT ≤ 10,000 ms: /,
    );
    expect(msg).toMatch(/TP 2 × PP 1/);
    expect(msg).toMatch(/TTFT [\d,.]+ ms \(limit 1\.0 ms\)/);
    expect(msg).not.toMatch(/TPOT [\d,.]+ ms \(limit/);
  });

  it('figures use registered serving metric ids and units', () => {
    const r = evaluateServingInput(config());
    const figs = servingFigures(r);
    const ids = new Map(servingMetrics.map((m) => [m.id, m.unit]));
    for (const [id, v] of Object.entries(figs)) {
      expect(ids.get(id)).toBe(v.unit);
      expect(Number.isFinite(v.value)).toBe(true);
    }
    for (const id of [
      'output_tokens_per_s',
      'output_tokens_per_s_per_gpu',
      'requests_per_s',
      'ttft_ms',
      'tpot_ms',
      'e2e_latency_ms',
      'tpot_low_ms',
      'tpot_high_ms',
      'max_batch',
      'kv_cache_gib_per_gpu',
      'gpus_for_target_load',
      'cost_per_million_output_tokens_usd',
    ]) {
      expect(ids.has(id)).toBe(true);
    }
  });
});
