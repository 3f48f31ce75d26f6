import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluate,
  evaluateMany,
  scalingCurveFor,
  servingSectionsOf,
  servingCurveFor,
  trainingSectionsOf,
} from '../../model/evaluate';
import { getMetric } from '../../model/metrics';
import { layoutText } from '../../model/training';
import {
  getModelPreset,
  parseScenario,
  parseScenarioOrThrow,
  servingModelFromPreset,
} from '../../model/scenario';
import type { Scenario, TrainingWorkload } from '../../model/scenario';

function example(name: string): Scenario {
  const raw = JSON.parse(
    readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'),
  ) as unknown;
  return parseScenarioOrThrow(raw);
}

const IB = 'pretrain-llama3-70b-1024xh100-ib.json';

describe('evaluate', () => {
  it('returns every required metric, finite, with its registered unit', () => {
    const r = evaluate(example(IB));
    for (const id of [
      'step_time_s',
      'tokens_per_s',
      'samples_per_s',
      'achieved_tflops_per_gpu',
      'mfu_pct',
      'hfu_pct',
      'scaling_efficiency_pct',
      'time_to_train_days',
      'memory_per_gpu_gib',
      'memory_headroom_gib',
    ]) {
      const m = r.metrics[id];
      expect(m, id).toBeDefined();
      expect(Number.isFinite(m?.value)).toBe(true);
      expect(m?.unit).toBe(getMetric(id).unit);
    }
    expect(r.scenario).toBe('Llama 3 70B pre-train, 1,024x H100, InfiniBand NDR');
    expect(r.workloadKind).toBe('training');
    expect(r.stages).toEqual(['resolve', 'training', 'data-reliability', 'power', 'cost']);
    expect(r.training?.layout).toMatchObject({ tp: 8, pp: 4, dp: 32, vpp: 5, microBatch: 1 });
  });

  it('the step-time breakdown sums to step_time_s; throughput is consistent', () => {
    const r = evaluate(example(IB));
    const step = r.metrics['step_time_s']?.value ?? Number.NaN;
    const parts = r.breakdown['stepTime'] ?? [];
    expect(parts.length).toBe(10);
    const sum = parts.reduce((a, p) => a + p.value, 0);
    expect(sum).toBeCloseTo(step, 6);
    // tokens/s = global batch × seq len / step time (1,024 × 8,192 tokens per step).
    expect(r.metrics['tokens_per_s']?.value).toBeCloseTo((1024 * 8192) / step, 3);
    expect(r.metrics['samples_per_s']?.value).toBeCloseTo(1024 / step, 6);
    expect((r.breakdown['memory'] ?? []).map((p) => p.unit)).toEqual(['GiB', 'GiB', 'GiB', 'GiB']);
    expect(r.bottleneck?.text.length).toBeGreaterThan(10);
    expect(r.bottleneck?.stage).toBe('training');
  });

  it('time to train = tokens / tokens per s (+ fixed overhead), in days', () => {
    const s = example(IB);
    const r = evaluate(s);
    const tps = r.metrics['tokens_per_s']?.value ?? 0;
    expect(r.metrics['time_to_train_compute_days']?.value).toBeCloseTo(2e12 / tps / 86400, 3);
  });

  it('periodic evaluation lengthens the time to train, not the step', () => {
    const s = example(IB);
    if (s.workload.kind !== 'training') throw new Error('kind');
    const withEval: Scenario = {
      ...s,
      workload: {
        ...s.workload,
        training: {
          ...s.workload.training,
          evaluation: { intervalSeqs: 10_240, evalSeqs: 1024, skipEvals: 0 },
        },
      },
    };
    const a = evaluate(s);
    const b = evaluate(withEval);
    expect(b.metrics['step_time_s']?.value).toBe(a.metrics['step_time_s']?.value);
    expect(b.metrics['time_to_train_compute_days']?.value).toBeGreaterThan(
      a.metrics['time_to_train_compute_days']?.value ?? 0,
    );
  });

  it('RoCE is not faster than InfiniBand at the same line rate, Ethernet/TCP not faster than RoCE', () => {
    const [ib, roce, eth] = evaluateMany(
      parseScenarioFileOrThrow('compare-fabrics-70b-1024xh100.json'),
    ).map((r) => r.metrics['step_time_s']?.value ?? Number.NaN);
    expect(roce).toBeGreaterThanOrEqual((ib ?? 0) * (1 - 1e-9));
    expect(eth).toBeGreaterThanOrEqual((roce ?? 0) * (1 - 1e-9));
  });

  it('hands the training engine the parsed sections themselves, with the catalog accelerator and calibration', () => {
    const s = example('finetune-llama3-8b-8xh100-lora.json');
    if (s.workload.kind !== 'training') throw new Error('kind');
    const sections = trainingSectionsOf(s, s.workload);
    expect(sections.workload).toBe(s.workload);
    expect(sections.compute).toBe(s.cluster.compute);
    expect(sections.network).toBe(s.cluster.network);
    expect(sections.accelerator).toBeUndefined();
    expect(sections.computeEfficiencyMultiplier).toBe(1);
  });

  it('an unknown accelerator is rejected naming the scenario field or the id', () => {
    const s = example(IB);
    const bad: Scenario = {
      ...s,
      cluster: { ...s.cluster, compute: { ...s.cluster.compute, acceleratorId: 'no-such-gpu' } },
    };
    expect(() => evaluate(bad)).toThrow(/no-such-gpu/);
  });

  it('a serving scenario the engine cannot serve fails naming the scenario field', () => {
    const s = example('serving-llama3-70b-8xh100-fp8.json');
    if (s.workload.kind !== 'serving') throw new Error('not a serving example');
    // Llama 3 70B in BF16 on one GPU: its weights leave no room for the KV cache.
    const oneGpu: Scenario = {
      ...s,
      workload: {
        ...s.workload,
        serving: { ...s.workload.serving, precision: 'bf16', load: { mode: 'offline' } },
        parallelism: { ...s.workload.parallelism, tp: 'auto', pp: 'auto', replicas: 'auto' },
      },
      cluster: { ...s.cluster, compute: { ...s.cluster.compute, gpus: 1, gpusPerNode: 1 } },
    };
    // With the layout automatic, "raise tp/pp" (as it said before) cannot be followed: it says
    // what the GPUs lack.
    expect(() => evaluate(oneGpu)).toThrow(
      /^workload\.parallelism: no layout of the one GPU leaves room for a KV cache beside the weights: spread over 1 GPU \(the widest copy\) they still take 1\d\d\.\d GB per GPU; add GPUs, use one with more memory, or a lower precision$/,
    );
    // A stated copy over every GPU: raising tp/pp needs more GPUs first.
    const stated: Scenario = {
      ...oneGpu,
      workload: { ...oneGpu.workload, parallelism: { ...s.workload.parallelism, tp: 1, pp: 1 } },
    } as Scenario;
    expect(() => evaluate(stated)).toThrow(
      /— the copy already spans the one GPU: add GPUs and raise tp\/pp, use a larger accelerator or a lower precision$/,
    );
  });

  it('throws naming the metric when a step produces a non-finite figure', () => {
    const s = example(IB);
    expect(() => evaluate(s, { adjustTraining: (r) => ({ ...r, mfuPct: Number.NaN }) })).toThrow(
      /metric "mfu_pct" is NaN/,
    );
    // Consecutive evaluations do not see each other's figures as duplicates.
    expect(evaluate(s).metrics).toEqual(evaluate(s).metrics);
  });

  it('money figures carry the scenario’s currency in their unit', () => {
    const s = example(IB);
    const raw = JSON.parse(
      readFileSync(new URL(`../../examples/${IB}`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const eur = parseScenarioOrThrow({ ...raw, finance: { currency: 'EUR', fxPerUsd: 0.92 } });
    const usd = evaluate(s);
    const r = evaluate(eur);
    expect(r.currency).toBe('EUR');
    expect(r.metrics['tco_usd']?.unit).toBe('EUR');
    expect(r.metrics['opex_usd_per_year']?.unit).toBe('EUR/yr');
    expect(r.metrics['cost_per_gpu_hour_usd']?.unit).toBe('EUR/GPU-h');
    expect(usd.metrics['tco_usd']?.unit).toBe('USD');
    // Every catalog currency evaluates: bounds are USD bounds at the scenario's rate.
    for (const [currency, fx, kwh] of [
      ['JPY', 150, 30],
      ['KRW', 1350, 150],
      ['HUF', 360, 60],
      ['IDR', 16000, 1500],
    ] as const) {
      const sc = parseScenarioOrThrow({
        ...raw,
        facility: { priceUsdPerKwh: kwh },
        finance: { currency, fxPerUsd: fx, cloudUsdPerGpuHour: 2 * fx },
      });
      const e = evaluate(sc);
      expect(e.metrics['tco_usd']?.unit).toBe(currency);
      expect(e.metrics['electricity_cost_usd_per_year']?.unit).toBe(`${currency}/yr`);
    }
    const tooHigh = parseScenario({
      ...raw,
      facility: { priceUsdPerKwh: 1000 },
      finance: { currency: 'JPY', fxPerUsd: 150 },
    });
    expect(!tooHigh.ok && tooHigh.issues[0]).toEqual({
      path: 'facility.priceUsdPerKwh',
      message: 'must be at most 750 JPY per kWh (5 USD at 150 JPY per USD)',
    });
    // Catalog prices convert at the scenario's rate.
    expect(r.metrics['capex_usd']?.value).toBeCloseTo(
      (usd.metrics['capex_usd']?.value ?? 0) * 0.92,
      0,
    );
  });

  it('the data/reliability stage keeps the engine’s own figures apart from the ones it adds', () => {
    const r = evaluate(example(IB));
    const own = r.dataReliability?.metrics ?? {};
    expect(own['effective_tokens_per_s']).toBeUndefined();
    expect(own['time_to_train_days']).toBeUndefined();
    expect(r.metrics['effective_tokens_per_s']?.value).toBeGreaterThan(0);
    expect(r.metrics['time_to_train_days']?.value).toBeGreaterThan(0);
    for (const id of Object.keys(own)) expect(r.metrics[id]).toBe(own[id]);
  });
});

function parseScenarioFileOrThrow(name: string): Scenario[] {
  const raw = JSON.parse(
    readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'),
  ) as {
    scenarios: unknown[];
  };
  return raw.scenarios.map((x) => parseScenarioOrThrow(x));
}

describe('evaluate: data/reliability and power/cost stages', () => {
  it('time_to_train_days includes data stalls, checkpoints and failures (starved example)', () => {
    const starved = evaluate(example('starved-vit-256xh100-nas.json'));
    const fixed = evaluate(example('starved-vit-256xh100-nas-fixed.json'));
    const m = (r: typeof starved, id: string) => r.metrics[id]?.value ?? Number.NaN;
    // Same compute time; the starved build's wall-clock time is stretched by its lost share.
    expect(m(starved, 'time_to_train_compute_days')).toBeCloseTo(
      m(fixed, 'time_to_train_compute_days'),
      12,
    );
    expect(m(starved, 'data_stall_pct')).toBeGreaterThan(20);
    expect(m(starved, 'time_to_train_days')).toBeCloseTo(
      (m(starved, 'time_to_train_compute_days') * 100) / m(starved, 'effective_compute_pct'),
      9,
    );
    expect(m(starved, 'time_to_train_days')).toBeGreaterThan(1.2 * m(fixed, 'time_to_train_days'));
  });

  it('wall-clock time to train ≥ compute time to train; effective throughput ≤ step throughput', () => {
    const r = evaluate(example(IB));
    const m = (id: string) => r.metrics[id]?.value ?? Number.NaN;
    expect(m('time_to_train_days')).toBeGreaterThanOrEqual(m('time_to_train_compute_days'));
    expect(m('effective_tokens_per_s')).toBeLessThanOrEqual(m('tokens_per_s'));
    // effective = step throughput × useful share of wall time (effective_compute_pct).
    expect(m('effective_tokens_per_s')).toBeCloseTo(
      (m('tokens_per_s') * m('effective_compute_pct')) / 100,
      3,
    );
    const lost = (r.breakdown['lostGpuHours'] ?? []).reduce((a, p) => a + p.value, 0);
    expect(lost).toBeCloseTo(m('lost_gpu_hours_per_day'), 6);
    expect(r.dataReliability).not.toBeNull();
  });

  it('power and cost figures are present and positive for a catalogued system', () => {
    const r = evaluate(example(IB));
    for (const id of [
      'it_power_kw',
      'facility_power_kw',
      'capex_usd',
      'cost_per_training_run_usd',
    ]) {
      expect(r.metrics[id]?.value, id).toBeGreaterThan(0);
    }
    expect(r.metrics['facility_power_kw']?.value).toBeGreaterThanOrEqual(
      r.metrics['it_power_kw']?.value ?? 0,
    );
    expect(r.powerCost?.nodes).toBe(128);
  });

  it('user catalog entries reach the power/cost stage (a quoted system price changes capex)', () => {
    const s = example(IB);
    const quoted = parseScenarioOrThrow({
      ...JSON.parse(readFileSync(new URL(`../../examples/${IB}`, import.meta.url), 'utf8')),
      userCatalog: {
        entries: [
          {
            kind: 'system',
            id: 'dgx-h100',
            date: '2026-01',
            source: 'test quote',
            fields: { priceUsd: 1 },
          },
        ],
      },
    });
    const base = evaluate(s).metrics['capex_usd']?.value ?? 0;
    const cheap = evaluate(quoted).metrics['capex_usd']?.value ?? 0;
    expect(cheap).toBeLessThan(base);
    // Memoised per user catalog: a second evaluation gives the same figures.
    expect(evaluate(quoted).metrics['capex_usd']?.value).toBe(cheap);
  });

  it('a job whose interruptions outpace its restarts has no wall time to train and stays finite', () => {
    const raw = JSON.parse(
      readFileSync(new URL(`../../examples/${IB}`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const s = parseScenarioOrThrow({
      ...raw,
      reliability: { plannedInterruptionsPerDay: 100, detectionMin: 600, rescheduleMin: 600 },
    });
    const r = evaluate(s);
    expect(r.metrics['time_to_train_days']).toBeUndefined();
    expect(r.warnings.some((w) => w.includes('no progress'))).toBe(true);
    for (const [id, m] of Object.entries(r.metrics))
      expect(Number.isFinite(m.value), id).toBe(true);
  });

  it('a system the catalog does not have is named in the error', () => {
    const s = example(IB);
    const noSystem: Scenario = {
      ...s,
      cluster: { ...s.cluster, compute: { ...s.cluster.compute, systemId: 'no-such-system' } },
    };
    expect(() => evaluate(noSystem)).toThrow(
      /cluster\.compute\.systemId: unknown system "no-such-system"/,
    );
  });

  it('a serving scenario runs the serving stage, then power and cost at its load', () => {
    const r = evaluate(example('serving-llama3-70b-8xh100-fp8.json'));
    expect(r.stages).toEqual(['resolve', 'serving', 'power', 'cost']);
    expect(r.workloadKind).toBe('serving');
    expect(r.training).toBeNull();
    expect(r.serving?.gpus).toBeGreaterThan(0);
    expect(r.metrics['output_tokens_per_s']?.unit).toBe('tokens/s');
    expect(r.bottleneck?.stage).toBe('serving');
    // The layout in words ("× 1 replicas" before, and the field is "Model copies").
    expect(r.bottleneck?.text).toMatch(/\(compute bound\); layout TP 2 · PP 1 · 4 model copies\.$/);
    const oneCopy = example('serving-llama3-70b-8xh100-fp8.json');
    if (oneCopy.workload.kind !== 'serving') throw new Error('not a serving example');
    const one = {
      ...oneCopy,
      workload: {
        ...oneCopy.workload,
        parallelism: { ...oneCopy.workload.parallelism, tp: 8, pp: 1, replicas: 1 },
      },
    } as Scenario;
    expect(evaluate(one).bottleneck?.text).toMatch(/; layout TP 8 · PP 1 · 1 model copy\.$/);
    // No rental price in the example: cost per million output tokens is the owned-hardware TCO
    // per used GPU-hour over output tokens per GPU-hour.
    const perGpuHour = r.metrics['cost_per_gpu_hour_usd']?.value ?? NaN;
    const tokensPerGpuHour = ((r.metrics['output_tokens_per_s']?.value ?? NaN) * 3600) / 8;
    expect(r.metrics['cost_per_million_output_tokens_usd']?.value).toBeCloseTo(
      perGpuHour / (tokensPerGpuHour / 1e6),
      6,
    );
    expect(r.metrics['it_power_kw']?.value).toBeGreaterThan(0);
  });

  /** The serving example (SLO load, sizing target) with its workload changed. */
  const servingWith = (
    patch: (w: Extract<Scenario['workload'], { kind: 'serving' }>) => Scenario['workload'],
  ): Scenario => {
    const base = example('serving-llama3-70b-8xh100-fp8.json');
    if (base.workload.kind !== 'serving') throw new Error('serving example expected');
    return { ...base, workload: patch(base.workload) };
  };
  /** The lightest-load TPOT a shortfall message quotes, ms. */
  const quotedTpotMs = (text: string): number =>
    Number(/p99 TPOT ([\d,.]+) ms \(limit/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);

  it('serving: a sizing target no number of GPUs meets is a warning naming the field, not a failed build', () => {
    const r = evaluate(servingWith((w) => ({ ...w, target: { ...w.target!, tpotLimitMs: 5 } })));
    // The load (its own 50 ms limit) is still served; only the sizing is missing.
    expect(r.metrics['output_tokens_per_s']?.value).toBeGreaterThan(0);
    expect(r.metrics['gpus_for_target_load']).toBeUndefined();
    expect(
      evaluate(example('serving-llama3-70b-8xh100-fp8.json')).metrics['gpus_for_target_load'],
    ).toBeDefined();
    const w = r.warnings.find((x) => x.startsWith('workload.target:'));
    expect(w).toMatch(/no number of GPUs meets p99 TTFT ≤ 2,000 ms and TPOT ≤ 5\.0 ms/);
    // It quotes what one copy gives at the lightest load, above the limit it misses.
    expect(quotedTpotMs(w ?? '')).toBeGreaterThan(5);
    expect(quotedTpotMs(w ?? '')).toBeLessThan(r.metrics['tpot_pct_ms']!.value + 1e-9);
    expect(w).not.toMatch(/TTFT [\d,.]+ ms \(limit/);
  });

  it('serving: an SLO load no rate meets gives the lightest load’s figures with one warning per field', () => {
    // 1 ms: below any decode step, so no offered rate meets it.
    const r = evaluate(
      servingWith((w) => ({
        ...w,
        serving: {
          ...w.serving,
          load: { mode: 'slo', ttftLimitMs: 2000, tpotLimitMs: 1, percentile: 99 },
        },
        target: { ...w.target!, tpotLimitMs: 1 },
      })),
    );
    expect(r.metrics['requests_per_s']?.value).toBe(0);
    expect(r.metrics['ttft_ms']?.value).toBeGreaterThan(0);
    for (const m of Object.values(r.metrics)) expect(Number.isFinite(m.value)).toBe(true);
    const load = r.warnings.find((x) => x.startsWith('workload.serving.load:'));
    expect(load).toMatch(/no offered rate meets p99 TTFT ≤ 2,000 ms and TPOT ≤ 1\.0 ms/);
    expect(quotedTpotMs(load ?? '')).toBeGreaterThan(1);
    // The target asks for the same limits: it points at the load's reason instead of repeating it.
    expect(r.warnings).toContain('workload.target: no number of GPUs meets these limits either');
    // On a MIG slice the copy is an instance, and the advice names the partitioning.
    const raw = JSON.parse(
      readFileSync(
        new URL('../../examples/serving-llama3-70b-8xh100-fp8.json', import.meta.url),
        'utf8',
      ),
    ) as { workload: Record<string, unknown> };
    raw.workload = {
      ...raw.workload,
      model: servingModelFromPreset(getModelPreset('llama3-8b')!),
      parallelism: { tp: 1, pp: 1, ep: 1, replicas: 'auto' },
      partition: { kind: 'mig', profile: '1g.20gb' },
      serving: {
        ...(raw.workload['serving'] as object),
        load: { mode: 'slo', ttftLimitMs: 2000, tpotLimitMs: 1, percentile: 99 },
      },
      target: null,
    };
    const mig = evaluate(parseScenarioOrThrow(raw));
    const migWarning = mig.warnings.find((x) => x.startsWith('workload.serving.load:')) ?? '';
    expect(migWarning).toMatch(/a model copy \(one of 4 instances per GPU\)/);
    expect(migWarning).toMatch(/change the accelerator, the GPU partitioning,/);
    // A load some rate meets has no such warning.
    const ok = evaluate(example('serving-llama3-70b-8xh100-fp8.json'));
    expect(ok.warnings.filter((x) => /no (offered rate|number of GPUs) meets/.test(x))).toEqual([]);
  });

  it('expert parallelism stated on a dense model: evaluated as EP 1, with a warning naming the field', () => {
    const base = example(IB);
    const w = base.workload;
    if (w.kind !== 'training' || w.parallelism === 'auto')
      throw new Error('stated layout expected');
    const withEp = evaluate({
      ...base,
      workload: { ...w, parallelism: { ...w.parallelism, ep: 8 } },
    });
    const plain = evaluate(base);
    expect(withEp.metrics['step_time_s']?.value).toBe(plain.metrics['step_time_s']?.value);
    // The resolved layout (and its words) do not claim an expert split that does not exist.
    expect(withEp.training?.layout.ep).toBe(1);
    expect(layoutText(withEp.training!.layout, 80)).not.toMatch(/EP/);
    expect(withEp.warnings).toContain(
      'workload.parallelism.ep: EP 8 has no effect on a dense model (it has no routed experts to split); the layout runs as EP 1',
    );
    expect(plain.warnings.some((x) => x.includes('dense model'))).toBe(false);
    // Serving: the same warning; the deployment is unchanged.
    const served = servingWith((sw) => ({ ...sw, parallelism: { ...sw.parallelism, ep: 4 } }));
    const r = evaluate(served);
    expect(
      r.warnings.some((x) => x.startsWith('workload.parallelism.ep: EP 4 has no effect')),
    ).toBe(true);
    expect(r.metrics['output_tokens_per_s']?.value).toBe(
      evaluate(example('serving-llama3-70b-8xh100-fp8.json')).metrics['output_tokens_per_s']?.value,
    );
  });

  it('training that does not fit in GPU memory: that is the bottleneck, over any other cost', () => {
    const base = example(IB);
    const w = base.workload;
    if (w.kind !== 'training') throw new Error('training example expected');
    // A million-token sequence on the stated TP 8 × PP 4 layout: far more activations than HBM.
    const long = evaluate({
      ...base,
      workload: { ...w, model: { ...w.model, seqLenTokens: 1_000_000 } },
    });
    expect(long.training?.memory.fits).toBe(false);
    expect(long.bottleneck?.kind).toBe('memory-capacity');
    expect(long.bottleneck?.share).toBe(1);
    const need = long.training!.memory.totalBytes / 1024 ** 3;
    expect(long.bottleneck?.text).toMatch(
      /^Does not fit in GPU memory: [\d,]+\.\d GiB needed per GPU, 80\.0 GiB of HBM\./,
    );
    expect(
      Number(/: ([\d,.]+) GiB/.exec(long.bottleneck!.text)![1]!.replace(/,/g, '')),
    ).toBeCloseTo(need, 1);
    expect(evaluate(base).bottleneck?.kind).not.toBe('memory-capacity');
  });

  /** The InfiniBand example with some training settings changed. */
  const ibTrainingWith = (patch: Partial<TrainingWorkload['training']>): Scenario => {
    const base = example(IB);
    const w = base.workload;
    if (w.kind !== 'training') throw new Error('training example expected');
    return { ...base, workload: { ...w, training: { ...w.training, ...patch } } } as Scenario;
  };

  it('training: a board power cap lengthens the step and lowers the peak IT power', () => {
    const open = evaluate(example(IB));
    const capped = evaluate(ibTrainingWith({ powerLimitW: 500 }));
    expect(capped.metrics['step_time_s']?.value).toBeGreaterThan(
      open.metrics['step_time_s']?.value ?? 0,
    );
    expect(capped.metrics['it_power_peak_kw']?.value).toBeLessThan(
      open.metrics['it_power_peak_kw']?.value ?? 0,
    );
  });

  it('training: packed documents shorten the step through the attention it saves', () => {
    const packed = evaluate(ibTrainingWith({ packedDocTokens: 512 }));
    const open = evaluate(example(IB));
    expect(packed.metrics['step_time_s']?.value).toBeLessThan(
      open.metrics['step_time_s']?.value ?? 0,
    );
    expect(packed.metrics['tokens_per_s']?.value).toBeGreaterThan(
      open.metrics['tokens_per_s']?.value ?? 0,
    );
  });

  it('serving: a board power cap slows the GPUs and caps their draw in the power figures', () => {
    const base = example('serving-llama3-70b-8xh100-fp8.json');
    const w = base.workload;
    if (w.kind !== 'serving') throw new Error('serving example expected');
    const open = evaluate(base);
    const capped = evaluate({ ...base, workload: { ...w, powerLimitW: 450 } } as Scenario);
    expect(capped.metrics['it_power_peak_kw']?.value).toBeLessThan(
      open.metrics['it_power_peak_kw']?.value ?? 0,
    );
    expect(capped.metrics['output_tokens_per_s']?.value).toBeLessThanOrEqual(
      open.metrics['output_tokens_per_s']?.value ?? 0,
    );
  });

  it('serving: IT power grows and cost per million output tokens falls as the request rate grows', () => {
    const base = example('serving-llama3-70b-8xh100-fp8.json');
    const w = base.workload;
    if (w.kind !== 'serving') throw new Error('serving example expected');
    const at = (requestsPerS: number) =>
      evaluate({
        ...base,
        workload: {
          ...w,
          serving: { ...w.serving, load: { mode: 'request_rate', requestsPerS } },
        },
      } as Scenario);
    const rates = [0.5, 2, 8, 20];
    const runs = rates.map(at);
    for (let i = 1; i < runs.length; i++) {
      const prev = runs[i - 1] as ReturnType<typeof at>;
      const cur = runs[i] as ReturnType<typeof at>;
      expect(cur.metrics['it_power_kw']?.value).toBeGreaterThan(
        prev.metrics['it_power_kw']?.value ?? 0,
      );
      expect(cur.metrics['cost_per_million_output_tokens_usd']?.value).toBeLessThan(
        prev.metrics['cost_per_million_output_tokens_usd']?.value ?? 0,
      );
    }
    // A rental price given: the serving engine's rental figure is kept, not the owned one.
    const rented = evaluate({
      ...base,
      workload: { ...w, gpuHourUsd: 2 },
    } as Scenario);
    const tok = rented.metrics['output_tokens_per_s']?.value ?? NaN;
    const gpus = rented.serving?.gpus ?? NaN;
    expect(rented.metrics['cost_per_million_output_tokens_usd']?.value).toBeCloseTo(
      ((gpus * 2) / (tok * 3600)) * 1e6,
      6,
    );
  });
});

describe('servingCurveFor', () => {
  it('sweeps the load to capacity, names where the SLO breaks; training is rejected', () => {
    const c = servingCurveFor(example('serving-llama3-70b-8xh100-fp8.json'), 12);
    expect(c.points).toHaveLength(12);
    expect(c.sloBreak?.binding).toMatch(/^(ttft|tpot)$/);
    const last = c.points[c.points.length - 1];
    expect(last?.requestsPerS).toBeCloseTo(c.capacityRequestsPerS, 6);
    expect(c.sloBreak?.requestsPerS ?? Infinity).toBeLessThan(c.capacityRequestsPerS);
    expect(() => servingCurveFor(example(IB))).toThrow(/workload.kind/);
  });
});

describe('scalingCurveFor', () => {
  it('throughput does not fall as GPUs are added at fixed global batch; serving is rejected', () => {
    const points = scalingCurveFor(example(IB), [256, 512, 1024]);
    expect(points.map((p) => p.gpus)).toEqual([256, 512, 1024]);
    for (let i = 1; i < points.length; i++) {
      expect(points[i]?.tokensPerS ?? 0).toBeGreaterThanOrEqual(
        (points[i - 1]?.tokensPerS ?? 0) * 0.999,
      );
    }
    for (const p of points) expect(p.scalingEfficiencyPct).toBeLessThanOrEqual(100);
    // One definition: the curve at the scenario's own GPU count shows the scenario's figure.
    const own = evaluate(example(IB)).metrics['scaling_efficiency_pct']?.value;
    expect(points.find((p) => p.gpus === 1024)?.scalingEfficiencyPct).toBeCloseTo(own ?? NaN, 9);
    expect(() => scalingCurveFor(example('serving-llama3-70b-8xh100-fp8.json'))).toThrow(
      /workload.kind/,
    );
  });
});

describe('property: evaluate never returns NaN or Infinity for valid input', () => {
  it('random valid explicit layouts give finite metrics whose step breakdown sums to the step', () => {
    const base = example(IB);
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 4, 8),
        fc.constantFrom(1, 2, 4),
        fc.constantFrom(1, 2, 4, 8),
        fc.constantFrom('none', 'selective', 'full'),
        fc.constantFrom('infiniband', 'roce', 'ethernet'),
        fc.constantFrom(100, 200, 400, 800),
        (tp, pp, dp, recompute, fabric, gbps) => {
          if (base.workload.kind !== 'training') return;
          const gpus = tp * pp * dp;
          const s: Scenario = {
            ...base,
            workload: {
              ...base.workload,
              training: {
                ...base.workload.training,
                globalBatchSeqs: 64,
                microBatchSeqs: 1,
                recompute,
              },
              parallelism: {
                tp,
                pp,
                dp,
                cp: 1,
                vpp: 1,
                zeroStage: 1,
                sequenceParallel: tp > 1,
                ep: 1,
                etp: 1,
              },
            },
            cluster: {
              ...base.cluster,
              compute: {
                ...base.cluster.compute,
                gpus,
                gpusPerNode: Math.min(8, gpus),
                nvlinkDomainGpus: Math.min(8, gpus),
              },
              network: {
                scaleOut: {
                  ...base.cluster.network.scaleOut,
                  fabric,
                  gbpsPerGpu: gbps,
                  fatTreeTiers: 'auto',
                },
              },
            },
          };
          const r = evaluate(s);
          for (const [id, m] of Object.entries(r.metrics))
            expect(Number.isFinite(m.value), id).toBe(true);
          const sum = (r.breakdown['stepTime'] ?? []).reduce((a, p) => a + p.value, 0);
          expect(sum).toBeCloseTo(r.metrics['step_time_s']?.value ?? Number.NaN, 6);
          expect(r.metrics['mfu_pct']?.value).toBeLessThanOrEqual(100);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('serving sections memo', () => {
  it('reuses the sections of unchanged scenario objects and follows an edit of any of them', () => {
    const s = example('serving-llama3-70b-8xh100-fp8.json');
    if (s.workload.kind !== 'serving') throw new Error('not a serving example');
    const w = s.workload;
    const first = servingSectionsOf(s, w);
    expect(servingSectionsOf(s, w)).toBe(first);
    expect(first.workload).toBe(w);
    expect(first.compute).toBe(s.cluster.compute);
    // An edit of the compute section (a new object) reaches the sections.
    const moreGpus = {
      ...s,
      cluster: { ...s.cluster, compute: { ...s.cluster.compute, gpus: 16 } },
    };
    expect(servingSectionsOf(moreGpus, w).compute.gpus).toBe(16);
    // An edit of the workload (a new object) too.
    const longer = {
      ...w,
      serving: { ...w.serving, outputTokensMean: w.serving.outputTokensMean + 1 },
    };
    expect(servingSectionsOf(s, longer).workload).toBe(longer);
    // And the original objects still give their own sections.
    expect(servingSectionsOf(s, w).compute.gpus).toBe(s.cluster.compute.gpus);
  });
});
