import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accuracyTable,
  buildReport,
  comparisonCsv,
  deltaOf,
  DANGEROUS_LEADING_CHARS,
  neutraliseCell,
  toCsv,
  unitOfField,
} from '../../../model/report';
import { ib, loadReportScenario, roce, serving } from './helpers';

const accuracy = [
  {
    file: 'x.json',
    label: 'x',
    cases: 1,
    failed: 0,
    medianAbsErrorPct: 1,
    maxAbsErrorPct: 1,
    withinTolerancePct: 100,
  },
];

describe('deltaOf', () => {
  it('gives absolute and percent change and whether it is better', () => {
    expect(deltaOf(120, 100, 'higher')).toEqual({ abs: 20, pct: 20, direction: 'better' });
    expect(deltaOf(120, 100, 'lower')).toEqual({ abs: 20, pct: 20, direction: 'worse' });
    expect(deltaOf(75, 100, 'lower')).toEqual({ abs: -25, pct: -25, direction: 'better' });
    expect(deltaOf(5, 0, 'none')).toEqual({ abs: 5, pct: null, direction: 'neutral' });
    expect(deltaOf(-50, -100, 'higher')).toEqual({ abs: 50, pct: 50, direction: 'better' });
    expect(deltaOf(3, 3, 'higher').direction).toBe('same');
  });
});

describe('buildReport', () => {
  const content = buildReport([ib, roce], {
    date: '2026-11-22',
    appVersion: '9.9.9',
    baselineId: 'roce',
    accuracy,
  });

  it('fills the cover from the options and scenarios', () => {
    expect(content.cover.date).toBe('2026-11-22');
    expect(content.cover.appVersion).toBe('9.9.9');
    expect(content.cover.scenarioNames).toEqual([ib.name, roce.name]);
    expect(content.cover.baselineName).toBe(roce.name);
    expect(content.cover.catalogVersion).toMatch(/^\d{4}(-\d{2}){0,2} · \d+ items · [0-9a-f]{8}$/);
    expect(content.baselineIndex).toBe(1);
  });

  it('compares every metric the results carry, with deltas against the baseline', () => {
    const ids = Object.keys(ib.result.metrics);
    expect(content.comparison.map((r) => r.metricId).sort()).toEqual([...ids].sort());
    const tco = content.comparison.find((r) => r.metricId === 'tco_usd')!;
    const a = ib.result.metrics['tco_usd']!.value;
    const b = roce.result.metrics['tco_usd']!.value;
    expect(tco.values).toEqual([a, b]);
    expect(tco.deltas[1]).toBeNull();
    expect(tco.deltas[0]!.abs).toBeCloseTo(a - b, 6);
    expect(tco.deltas[0]!.pct).toBeCloseTo(((a - b) / b) * 100, 9);
  });

  it('puts throughput, time to train, power, TCO and cost per unit in the summary', () => {
    const ids = content.summary.map((r) => r.metricId);
    for (const id of ['tokens_per_s', 'time_to_train_days', 'facility_power_kw', 'tco_usd']) {
      expect(ids).toContain(id);
    }
    expect(ids).toContain('cost_per_million_tokens_usd');
    expect(content.bottlenecks).toEqual([ib.result.bottleneck?.text, roce.result.bottleneck?.text]);
  });

  it('marks inputs set in the file as user values and defaults as defaults', () => {
    const gpus = content.assumptions.inputs.find((r) => r.path === 'cluster.compute.gpus')!;
    expect(gpus.values.map((v) => v?.user)).toEqual([true, true]);
    expect(gpus.values.map((v) => v?.value)).toEqual([1024, 1024]);
    expect(gpus.unit).toBe('GPUs');
    expect(gpus.date).toBe('2026-11-22');
    const rackInfra = content.assumptions.inputs.find(
      (r) => r.path === 'finance.rackInfraUsdPerRack',
    )!;
    expect(rackInfra.values.every((v) => v?.user === false)).toBe(true);
    // A default with a documented source names it (model/scenario/defaultSources).
    expect(rackInfra.source).toBe(
      'Default: Planning value for rack, PDUs and containment: 20,000 USD per rack, converted at the scenario’s exchange rate (finance.fxPerUsd)',
    );
    expect(rackInfra.date).toBe('2025');
    expect(rackInfra.unit).toBe('USD/rack');
    // A default without an entry (a catalog choice, not a figure) falls back to the app version.
    const kind = content.assumptions.inputs.find((r) => r.path === 'facility.electricityId')!;
    expect(kind.source).toBe('Default');
    expect(kind.date).toBe('v9.9.9');
  });

  it('marks a changed input of one scenario as user-set for that scenario only', () => {
    const edited = loadReportScenario('pretrain-llama3-70b-1024xh100-roce.json', 'e', (doc) => {
      (doc as { finance?: Record<string, unknown> }).finance = {
        ...((doc as { finance?: Record<string, unknown> }).finance ?? {}),
        rackInfraUsdPerRack: 31000,
      };
    });
    const c = buildReport([ib, edited], { date: 'd', appVersion: 'v', accuracy });
    const row = c.assumptions.inputs.find((r) => r.path === 'finance.rackInfraUsdPerRack')!;
    expect(row.values).toEqual([
      { value: ib.scenario.finance.rackInfraUsdPerRack, user: false },
      { value: 31000, user: true },
    ]);
  });

  it('lists the catalog numbers used, with sources and dates', () => {
    const tdp = content.assumptions.catalog.find(
      (r) => r.kind === 'accelerator' && r.itemId === 'h100-sxm' && r.field === 'tdpW',
    )!;
    expect(tdp.value).toBe(700);
    expect(tdp.unit).toBe('W');
    expect(tdp.sources.length).toBeGreaterThan(0);
    expect(tdp.date).toMatch(/^\d{4}/);
    expect(tdp.usedBy).toEqual([ib.name, roce.name]);
    expect(content.assumptions.catalog.some((r) => r.kind === 'system')).toBe(true);
  });

  it('has one appendix per scenario and the methodology with sources', () => {
    expect(content.appendices.map((a) => a.name)).toEqual([ib.name, roce.name]);
    expect(content.appendices[0]!.metrics.length).toBe(Object.keys(ib.result.metrics).length);
    expect(content.methodology.accuracy).toBe(accuracy);
    for (const f of content.methodology.formulas) expect(f.sources.length).toBeGreaterThan(0);
  });

  it('mixes training and serving scenarios (missing figures are null)', () => {
    const c = buildReport([ib, serving], { date: 'd', appVersion: 'v', accuracy });
    const tokens = c.comparison.find((r) => r.metricId === 'tokens_per_s')!;
    expect(tokens.values[1]).toBeNull();
    expect(tokens.deltas[1]).toBeNull();
    expect(c.summary.map((r) => r.metricId)).toContain('output_tokens_per_s');
  });

  it('writes each appendix warning as the caller describes it (default: as the engine wrote it)', () => {
    const warned = {
      ...serving,
      result: { ...serving.result, warnings: ['workload.target: no number of GPUs meets it'] },
    };
    const raw = buildReport([warned], { date: 'd', appVersion: 'v', accuracy });
    expect(raw.appendices[0]!.warnings).toEqual(['workload.target: no number of GPUs meets it']);
    const worded = buildReport([warned], {
      date: 'd',
      appVersion: 'v',
      accuracy,
      describeWarning: (w) => w.replace('workload.target', '“Sizing target” in Workload'),
    });
    expect(worded.appendices[0]!.warnings).toEqual([
      '“Sizing target” in Workload: no number of GPUs meets it',
    ]);
  });

  it('rejects no scenarios, an empty date and an unknown baseline, naming the field', () => {
    expect(() => buildReport([], { date: 'd', appVersion: 'v', accuracy })).toThrow(/scenarios/);
    expect(() => buildReport([ib], { date: ' ', appVersion: 'v', accuracy })).toThrow(/date/);
    expect(() =>
      buildReport([ib], { date: 'd', appVersion: 'v', accuracy, baselineId: 'nope' }),
    ).toThrow(/baselineId/);
  });

  it('summarises the bundled validation cases for the accuracy table', () => {
    const rows = accuracyTable();
    expect(rows.map((r) => r.file)).toContain('training-dev.json');
    // The PDF's accuracy table includes the mixture-of-experts set (issue 20).
    const moe = rows.find((r) => r.file === 'moe-dev.json');
    expect(moe?.cases).toBe(25);
    expect(moe?.failed).toBe(0);
    for (const r of rows) {
      expect(r.cases).toBeGreaterThan(0);
      expect(r.withinTolerancePct).toBeGreaterThanOrEqual(0);
      expect(r.withinTolerancePct).toBeLessThanOrEqual(100);
      expect(r.maxAbsErrorPct).toBeGreaterThanOrEqual(r.medianAbsErrorPct);
    }
  });
});

describe('comparisonCsv', () => {
  it('has metric id, label, unit and one column per scenario; numbers stay numbers', () => {
    const evil = { ...roce, name: '=HYPERLINK("http://x","y")' };
    const c = buildReport([ib, evil], { date: 'd', appVersion: 'v', accuracy });
    const csv = comparisonCsv(c);
    // UTF-8 with BOM: Excel reads m² and m³ as written.
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.indexOf('\uFEFF', 1)).toBe(-1);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(`metric_id,label,unit,"${ib.name}","'=HYPERLINK(""http://x"",""y"")"`);
    const tco = lines.find((l) => l.startsWith('tco_usd,'))!;
    expect(tco).toBe(
      `tco_usd,TCO,USD,${ib.result.metrics['tco_usd']!.value},${roce.result.metrics['tco_usd']!.value}`,
    );
    expect(lines.length).toBe(c.comparison.length + 2);
  });
});

describe('formula-injection neutralisation', () => {
  it('neutralises any text starting with = + - @ tab or CR', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DANGEROUS_LEADING_CHARS), fc.string(), (first, rest) => {
        const out = neutraliseCell(first + rest);
        expect(out).toBe(`'${first}${rest}`);
        const csv = toCsv([[first + rest]]);
        expect(csv.replace(/^"/, '').startsWith("'")).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves other text unchanged', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(s.length === 0 || !DANGEROUS_LEADING_CHARS.includes(s.charAt(0)));
        expect(neutraliseCell(s)).toBe(s);
      }),
    );
  });

  it('never touches numbers, negative ones included', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(neutraliseCell(n)).toBe(n);
        expect(toCsv([[n]])).toBe(`${String(n)}\r\n`);
      }),
    );
  });

  it('rejects a non-finite number cell', () => {
    expect(() => toCsv([[Number.NaN]])).toThrow(/not finite/);
  });
});

describe('unitOfField', () => {
  it('reads the unit from the field name', () => {
    expect(unitOfField('cluster.network.scaleOut.gbpsPerGpu')).toBe('Gb/s per GPU');
    expect(unitOfField('facility.priceUsdPerKwh')).toBe('USD/kWh');
    expect(unitOfField('workload.training.fixedOverheadS')).toBe('s');
    expect(unitOfField('facility.facilityLifeYears')).toBe('years');
    expect(unitOfField('workload.model.ffnType')).toBe('');
  });
});
