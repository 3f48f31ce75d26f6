/**
 * What the scenario schema refuses at load, each with a message naming the field in the user's
 * words: user catalog entries (unknown keys, units, ranges, entries the catalog then refuses),
 * extreme values, unknown catalog ids, inconsistent shapes and layouts, bidirectional control
 * characters. Each case here was accepted before and then failed later under an engine's name,
 * or evaluated to an impossible figure.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../model/evaluate';
import { parseScenario } from '../../../model/scenario';
import { getModelPreset, servingModelFromPreset } from '../../../model/scenario/presets';
import type { ScenarioIssue } from '../../../model/scenario';
import { baseScenario, withValue } from './helpers';

function issuesOf(raw: unknown): readonly ScenarioIssue[] {
  const r = parseScenario(raw);
  if (r.ok) throw new Error('expected the scenario to be refused');
  return r.issues;
}

function issueAt(raw: unknown, path: string): ScenarioIssue {
  const issues = issuesOf(raw);
  const hit = issues.find((i) => i.path === path);
  if (!hit) throw new Error(`no issue at ${path}: ${JSON.stringify(issues)}`);
  return hit;
}

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

const withEntries = (entries: unknown[], base = baseScenario()) =>
  withValue(base, ['userCatalog'], { entries });

const entry = (kind: string, id: string, fields: Record<string, unknown>) => ({
  kind,
  id,
  date: '2026-01',
  source: 'quote 42',
  fields,
});

describe('user catalog entries are checked at load, with the entry’s path', () => {
  it('a misspelt key anywhere is refused, not ignored', () => {
    expect(
      issueAt(withValue(baseScenario(), ['userCatalog'], { entires: [] }), 'userCatalog.entires')
        .message,
    ).toBe('is not a known field');
    expect(
      issueAt(
        withEntries([{ ...entry('cpu', 'xeon-8480c', {}), sorce: 'x' }]),
        'userCatalog.entries[0].sorce',
      ).message,
    ).toBe('is not a known field');
    const tdpw = issueAt(
      withEntries([entry('acceleratorPower', 'h100-sxm', { tdpw: 650 })]),
      'userCatalog.entries[0].fields.tdpw',
    );
    expect(tdpw.message).toContain('is not a field of acceleratorPower (did you mean "tdpW"?)');
    expect(
      issueAt(
        withEntries([entry('system', 'dgx-h100', { priceUSD: 1 })]),
        'userCatalog.entries[0].fields.priceUSD',
      ).message,
    ).toContain('did you mean "priceUsd"?');
    expect(
      issueAt(
        withEntries([entry('nic', 'connectx-7', { powerW: { value: 20, unti: 'W' } })]),
        'userCatalog.entries[0].fields.powerW.unti',
      ).message,
    ).toBe('is not a known key (value, unit, note)');
  });

  it('a unit other than the field’s own is refused (values are not converted)', () => {
    const kw = issueAt(
      withEntries([entry('acceleratorPower', 'h100-sxm', { tdpW: { value: 0.7, unit: 'kW' } })]),
      'userCatalog.entries[0].fields.tdpW.unit',
    );
    expect(kw.message).toContain('must be "W"');
    expect(kw.message).toContain('values are not converted');
    // The field's own unit, or none, is fine.
    expect(
      parseScenario(
        withEntries([entry('acceleratorPower', 'h100-sxm', { tdpW: { value: 700, unit: 'W' } })]),
      ).ok,
    ).toBe(true);
    expect(
      issueAt(
        withEntries([
          entry('electricity', 'eu-germany', { pricePerKwh: { value: 0.2, unit: 'USD/kWh' } }),
        ]),
        'userCatalog.entries[0].fields.pricePerKwh.unit',
      ).message,
    ).toContain('must be "EUR/kWh"');
    expect(
      issueAt(
        withEntries([entry('nic', 'connectx-7', { ports: { value: 2 } })]),
        'userCatalog.entries[0].fields.ports',
      ).message,
    ).toContain('must be a plain number');
  });

  it('negative, zero-where-divided and absurd values are refused with the physical range', () => {
    // Negative cable power gave −189 kW of network power (exit 0) before.
    const cable = issueAt(
      withEntries([entry('cable', 'fiber-mpo', { powerW: -30 })]),
      'userCatalog.entries[0].fields.powerW',
    );
    expect(cable.message).toBe('must be a number from 0 to 100 W (cable power)');
    for (const [kind, id, field, value] of [
      ['acceleratorPower', 'h100-sxm', 'tdpW', 5e-324],
      ['switch', 'qm9700', 'radix', 63],
      ['drive', 'micron-9550', 'readGBps', 0],
      ['cooling', 'air', 'pue', 0.5],
      ['system', 'dgx-h100', 'psuEfficiency', 1.5],
      ['cloudPrice', 'aws-p5-on-demand', 'usdPerGpuHour', 0],
    ] as const) {
      const issue = issueAt(
        withEntries([entry(kind, id, { [field]: value })]),
        `userCatalog.entries[0].fields.${field}`,
      );
      expect(issue.message, `${kind}.${field}`).toMatch(
        /^must be (a number|an integer|an even integer) from /,
      );
    }
  });

  it('an entry the catalog then refuses fails at load, not under an engine name', () => {
    const newItem = issueAt(
      withEntries([entry('system', 'my-server', { priceUsd: 1 })]),
      'userCatalog.entries[0]',
    );
    expect(newItem.message).toMatch(/^\(system "my-server"\) is invalid: /);
    const idle = issueAt(
      withEntries([entry('acceleratorPower', 'h100-sxm', { idleW: 900 })]),
      'userCatalog.entries[0].fields.idleW',
    );
    expect(idle.message).toContain('idleW (900) must not exceed tdpW (700)');
  });
});

describe('extreme values are bounded to a physical range', () => {
  const fields: [string[], number][] = [
    [['cluster', 'storage', 'dataTier', 'writeGBps'], 5e-324],
    [['cluster', 'storage', 'dataTier', 'readGBps'], 5e-324],
    [['cluster', 'storage', 'dataset', 'sampleBytes'], 5e-324],
    [['cluster', 'storage', 'dataset', 'shardMB'], 5e-324],
    [['cluster', 'storage', 'nodeCache', 'driveReadGBps'], 5e-324],
    [['cluster', 'storage', 'network', 'perNodeGBps'], 5e-324],
    [['cluster', 'storage', 'checkpoint', 'deviceToHostGBpsPerGpu'], 5e-324],
    [['cluster', 'storage', 'checkpoint', 'bytesPerParameter'], 5e-324],
    [['finance', 'cloudUsdPerGpuHour'], 0],
  ];
  it.each(fields)('%j = %d is refused with its range and unit', (path, value) => {
    const issue = issueAt(withValue(baseScenario(), path, value), path.join('.'));
    expect(issue.message).toMatch(/^must be a number from \S+ to \S+/);
  });

  it('serving sizes and limits too', () => {
    const serving = example('serving-llama3-70b-8xh100-fp8.json');
    for (const [path, value] of [
      [['workload', 'model', 'paramsB'], 5e-324],
      [['workload', 'serving', 'load', 'ttftLimitMs'], 1e-300],
      [['workload', 'target', 'requestsPerS'], 5e-324],
    ] as const) {
      expect(issueAt(withValue(serving, [...path], value), path.join('.')).message).toMatch(
        /^must be a number from/,
      );
    }
  });
});

describe('every catalog id a scenario names exists', () => {
  it.each([
    [['facility', 'presetId'], 'facility preset'],
    [['facility', 'electricityId'], 'electricity price'],
    [['facility', 'carbonId'], 'grid carbon intensity'],
    [['facility', 'colocationId'], 'colocation price'],
    [['facility', 'constructionId'], 'construction cost'],
    [['finance', 'cloudPriceId'], 'cloud price'],
  ])('%j', (path, what) => {
    const issue = issueAt(withValue(baseScenario(), path, 'no-such-id'), path.join('.'));
    expect(issue.message).toMatch(new RegExp(`^unknown ${what} "no-such-id" \\(catalog ids: `));
  });

  it('a serving scenario’s accelerator too (only training checked it before)', () => {
    const serving = example('serving-llama3-70b-8xh100-fp8.json');
    expect(
      issueAt(
        withValue(serving, ['cluster', 'compute', 'acceleratorId'], 'h100-typo'),
        'cluster.compute.acceleratorId',
      ).message,
    ).toMatch(/^unknown accelerator "h100-typo"/);
  });

  it('a user entry’s own id counts; a price in another currency is refused', () => {
    const own = withEntries([
      { ...entry('gridCarbon', 'my-grid', { name: 'Mine', region: 'x', gCo2PerKwh: 100 }) },
    ]);
    expect(parseScenario(withValue(own, ['facility', 'carbonId'], 'my-grid')).ok).toBe(true);
    const eur = withValue(baseScenario(), ['facility', 'electricityId'], 'eu-germany');
    expect(issueAt(eur, 'facility.electricityId').message).toContain('priced in EUR');
    expect(parseScenario(withValue(eur, ['finance'], { currency: 'EUR', fxPerUsd: 0.92 })).ok).toBe(
      true,
    );
  });
});

describe('inconsistent shapes and layouts are refused (they evaluated to impossible figures)', () => {
  const serving = example('serving-llama3-70b-8xh100-fp8.json');

  it('a serving paramsB far below what the shape implies (negative TPOT and latency before)', () => {
    // Llama 3 70B's shape with 0.05 B parameters and a 1.8M vocabulary: TPOT −1.2 ms before.
    const bad = withValue(
      withValue(serving, ['workload', 'model', 'paramsB'], 0.05),
      ['workload', 'model', 'vocabSize'],
      1_790_466,
    );
    const issue = issueAt(bad, 'workload.model.paramsB');
    expect(issue.message).toMatch(/^0\.05 B is far from the \S+ B parameters the shape implies/);
    const moe = withValue(serving, ['workload', 'model', 'moe'], {
      experts: 2,
      topK: 1,
      activeParamsB: 0.002,
    });
    expect(issueAt(moe, 'workload.model.moe.activeParamsB').message).toContain('is far from the');
    // The stated size of the example agrees with its shape.
    expect(parseScenario(serving).ok).toBe(true);
  });

  it('serving layouts: copies must fit the GPUs and the layers; a partition holds one copy', () => {
    const p = (v: unknown) => withValue(serving, ['workload', 'parallelism'], v);
    expect(issueAt(p({ tp: 8, pp: 2 }), 'workload.parallelism').message).toContain('tp × pp = 16');
    expect(issueAt(p({ tp: 1, pp: 81 }), 'workload.parallelism.pp').message).toContain(
      'at most the number of layers',
    );
    expect(
      issueAt(p({ tp: 'auto', pp: 1, replicas: 9 }), 'workload.parallelism.replicas').message,
    ).toContain('exceeds the cluster');
    const mig = withValue(p({ tp: 2, pp: 1 }), ['workload', 'partition'], {
      kind: 'time_sliced',
      instances: 2,
    });
    expect(issueAt(mig, 'workload.parallelism').message).toContain('tp and pp must be 1');
  });

  it('serving EP divides the routed experts and the copy’s TP (EP 16 on 8 GPUs evaluated as EP 8 before)', () => {
    const preset = getModelPreset('qwen3-30b-a3b');
    if (!preset) throw new Error('preset missing');
    const moe = withValue(serving, ['workload', 'model'], servingModelFromPreset(preset));
    const p = (v: unknown) => withValue(moe, ['workload', 'parallelism'], v);
    expect(parseScenario(p({ tp: 8, pp: 1, ep: 8 })).ok).toBe(true);
    expect(issueAt(p({ tp: 8, pp: 1, ep: 16 }), 'workload.parallelism.ep').message).toBe(
      'must divide tp (workload.parallelism.tp, 8): a model copy spreads its experts over the GPUs of its tensor-parallel group',
    );
    expect(issueAt(p({ tp: 8, pp: 1, ep: 48 }), 'workload.parallelism.ep').message).toContain(
      'must divide the routed experts (workload.model.moe.experts, 128)',
    );
    const onMig = withValue(p({ tp: 1, pp: 1, ep: 2 }), ['workload', 'partition'], {
      kind: 'mig',
      profile: '7g.80gb',
    });
    expect(issueAt(onMig, 'workload.parallelism.ep').message).toContain('1 on a partitioned GPU');
    // With TP automatic the engine tries only TP degrees that EP divides (it chose TP 1 here).
    const tpOf = (v: unknown) => {
      const r = parseScenario(p(v));
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      return evaluate(r.scenario).serving?.tp ?? 0;
    };
    expect(tpOf({ tp: 'auto', pp: 1, ep: 1 })).toBeLessThan(4);
    expect(tpOf({ tp: 'auto', pp: 1, ep: 4 }) % 4).toBe(0);
    // No TP the cluster allows is a multiple of EP: the refusal names EP ("no layout fits" before).
    expect(() => tpOf({ tp: 'auto', pp: 1, ep: 16 })).toThrow(
      /^workload\.parallelism\.ep: EP 16 spreads a copy's experts over a tensor-parallel group of 16 GPUs or a multiple of it, and the largest TP here is 8 /,
    );
    // A dense model ignores EP (a warning, see evaluate).
    expect(
      parseScenario(withValue(serving, ['workload', 'parallelism'], { tp: 8, ep: 16 })).ok,
    ).toBe(true);
  });

  it('serving settings the engine used to re-check: MIG profile, MTP draft, disaggregated pools', () => {
    const w = (path: string[], v: unknown, base = serving) =>
      withValue(base, ['workload', ...path], v);
    const h100Mig = w(['partition'], { kind: 'mig', profile: '1g.99gb' });
    expect(issueAt(h100Mig, 'workload.partition.profile').message).toMatch(
      /^"1g\.99gb" is not a MIG profile of h100-sxm .*known: 1g\.10gb/,
    );
    const spec = w(['serving', 'speculative'], { draftTokens: 2 });
    expect(issueAt(spec, 'workload.serving.speculative.draftTokens').message).toContain(
      'the model has 0',
    );
    const split = w(['serving', 'disaggregation'], { prefillGpus: 'auto' });
    const onMig = w(['partition'], { kind: 'mig', profile: '1g.10gb' }, split);
    expect(issueAt(onMig, 'workload.serving.disaggregation').message).toContain('whole GPUs');
    const closedLoop = w(['serving', 'load'], { mode: 'concurrency', concurrency: 8 }, split);
    expect(issueAt(closedLoop, 'workload.serving.disaggregation').message).toContain(
      '"concurrency"',
    );
    expect(parseScenario(split).ok).toBe(true);
  });

  it('training layouts: TP divides the heads, PP at most the layers; LoRA rank at most hidden', () => {
    const t = (v: unknown) => withValue(baseScenario(), ['workload', 'parallelism'], v);
    expect(issueAt(t({ tp: 3 }), 'workload.parallelism.tp').message).toContain(
      'must divide the attention heads',
    );
    expect(issueAt(t({ pp: 64, tp: 1 }), 'workload.parallelism.pp').message).toContain(
      'at most the number of layers',
    );
    const lora = withValue(baseScenario(), ['workload', 'training', 'finetune'], {
      method: 'lora',
      rank: 8192,
    });
    expect(issueAt(lora, 'workload.training.finetune.rank').message).toContain(
      'at most the hidden size',
    );
  });

  it('MoE layouts: EP divides the routed experts, EP × ETP folds over TP × CP × DP', () => {
    const moe = withValue(baseScenario(), ['workload', 'model', 'moe'], { experts: 64, topK: 2 });
    const t = (v: unknown) => withValue(moe, ['workload', 'parallelism'], v);
    expect(issueAt(t({ ep: 48 }), 'workload.parallelism.ep').message).toBe(
      'must divide the routed experts (workload.model.moe.experts, 64): expert parallelism splits the experts evenly',
    );
    // 64 GPUs as TP 4 × PP 4 × DP 4: a stage holds 16 ranks, EP 8 × ETP 4 = 32 cannot fold.
    const fold = t({ tp: 4, pp: 4, dp: 4, cp: 1, ep: 8, etp: 4 });
    expect(issueAt(fold, 'workload.parallelism.ep').message).toMatch(
      /^ep × etp = 32 must divide tp × cp × dp = 16: /,
    );
    expect(parseScenario(t({ tp: 4, pp: 4, dp: 4, cp: 1, ep: 8, etp: 2 })).ok).toBe(true);
    // A dense model ignores the expert degrees.
    const dense = withValue(baseScenario(), ['workload', 'parallelism'], { ep: 48 });
    expect(parseScenario(dense).ok).toBe(true);
  });

  it('the storage CPUs keep a core for pre-processing', () => {
    const s = withValue(baseScenario(), ['cluster', 'storage'], { node: { cpuCoresPerNode: 8 } });
    expect(issueAt(s, 'cluster.storage.node.cpuCoresPerNode').message).toContain('one per GPU: 8');
    const r = withValue(baseScenario(), ['cluster', 'storage'], {
      node: { cpuCoresPerNode: 16, cpuCoresReservedPerNode: 16 },
    });
    expect(issueAt(r, 'cluster.storage.node.cpuCoresReservedPerNode').message).toContain(
      'must be less than',
    );
  });
});

describe('bidirectional control characters', () => {
  it.each([
    [['name'], 'plan\u202Egnp.exe'],
    [['description'], 'cost \u2067hidden\u2069'],
    [['cluster', 'storage', 'dataTier', 'name'], 'fs\u200F'],
  ])('in %j are refused', (path, value) => {
    expect(issueAt(withValue(baseScenario(), path, value), path.join('.')).message).toContain(
      'bidirectional control characters',
    );
  });

  it('in a user catalog entry too', () => {
    const e = withEntries([entry('system', 'dgx-h100', { notes: 'a\u202Db' })]);
    expect(issueAt(e, 'userCatalog.entries[0].fields.notes').message).toContain('bidirectional');
  });
});

describe('MFU and HFU stay within 100 % (engine FLOP count, minimal change)', () => {
  const training = baseScenario();
  const run = (mut: (d: Record<string, unknown>) => Record<string, unknown>) => {
    const r = parseScenario(mut(structuredClone(training)));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const m = evaluate(r.scenario).metrics;
    return { mfu: m['mfu_pct']!.value, hfu: m['hfu_pct']!.value };
  };

  it('packed documents: attention counted per document (1,060 % MFU before)', () => {
    const r = run((d) =>
      withValue(
        withValue(
          withValue(d, ['workload', 'model', 'seqLenTokens'], 131_072),
          ['workload', 'training', 'packedDocTokens'],
          12,
        ),
        ['workload', 'training', 'globalBatchSeqs'],
        64,
      ),
    );
    expect(r.mfu).toBeLessThanOrEqual(r.hfu);
    expect(r.hfu).toBeLessThanOrEqual(100);
  });

  it('an untied embedding counts once, as the logits GEMM (116.8 % MFU before)', () => {
    const r = run((d) =>
      withValue(
        withValue(
          withValue(d, ['workload', 'model', 'layers'], 1),
          ['workload', 'model', 'vocabSize'],
          1_833_401,
        ),
        ['workload', 'model', 'tiedEmbeddings'],
        false,
      ),
    );
    expect(r.mfu).toBeLessThanOrEqual(r.hfu);
    expect(r.hfu).toBeLessThanOrEqual(100);
  });

  it('LoRA on a mixture of experts counts the adapters of the experts a token uses', () => {
    const r = run((d) =>
      withValue(
        withValue(d, ['workload', 'model', 'moe'], { experts: 256, topK: 2 }),
        ['workload', 'training', 'finetune'],
        { method: 'lora', rank: 64 },
      ),
    );
    expect(r.mfu).toBeLessThanOrEqual(r.hfu);
    expect(r.hfu).toBeLessThanOrEqual(100);
  });

  it('a calibration that would run the GPUs above their peak is refused, naming it (121.9 % MFU before)', () => {
    const ib = example('pretrain-llama3-70b-1024xh100-ib.json');
    const calibrated = (k: number) =>
      withValue(ib, ['calibration'], {
        computeEfficiencyMultiplier: k,
        acceleratorId: 'h100-sxm',
        stack: 'optimized',
        precision: 'bf16',
        measured: { kind: 'step_time_s', value: 5 },
        source: 'run 1',
        date: '2026-01-01',
        beforeErrorPct: 10,
        afterErrorPct: 0,
      });
    const ok = parseScenario(calibrated(1.5));
    if (!ok.ok) throw new Error('valid');
    expect(evaluate(ok.scenario).metrics['hfu_pct']!.value).toBeLessThanOrEqual(100);
    const fast = parseScenario(calibrated(3));
    if (!fast.ok) throw new Error('valid');
    expect(() => evaluate(fast.scenario)).toThrow(
      /^calibration\.computeEfficiencyMultiplier: 3 would run the GPUs at 122 % of their peak FLOP\/s/,
    );
  });
});
