import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../model/evaluate';
import {
  analysisScenario,
  buildAnalysis,
  buildDecision,
  cashFlowOf,
  decisiveMetricIds,
  getReportObjectiveOptions,
  objectiveText,
  REPORT_OBJECTIVE_IDS,
  reportMonteCarlo,
  type ReportAnalysis,
  type ReportScenario,
} from '../../../model/report';
import { getMetric } from '../../../model/metrics';
import { ib, loadReportScenario, roce, serving } from './helpers';

// The InfiniBand build at a third of the system price: clearly the cheapest.
const cheap = loadReportScenario('pretrain-llama3-70b-1024xh100-ib.json', 'cheap', (d) => {
  d['name'] = 'IB, discounted systems';
  const finance = (d['finance'] ?? {}) as Record<string, unknown>;
  finance['systemPriceUsd'] = 90_000;
  d['finance'] = finance;
});

const value = (s: ReportScenario, id: string) => s.result.metrics[id]?.value as number;

/** An analysis with hand-set bands of one metric (no tornado, no cash flows). */
function bands(
  metricId: string,
  perBuild: readonly (readonly [number, number, number])[],
): ReportAnalysis {
  return {
    draws: 40,
    seed: 1,
    builds: perBuild.map(([p10, p50, p90], index) => ({
      index,
      name: `b${index}`,
      currency: 'USD',
      metricId,
      metricLabel: metricId,
      metricUnit: 'USD',
      tornado: [],
      tornadoBase: null,
      bands: { [metricId]: { p10, p50, p90, base: p50 } },
      cashFlow: [],
      paybackMonths: null,
      ownVsCloudNpv: null,
    })),
  };
}

describe('the decision page', () => {
  it('recommends the build best on the stated objective, in its direction', () => {
    const builds = [ib, roce, cheap];
    const obj = 'cost_per_training_run_usd';
    const d = buildDecision(builds, obj, null);
    const lowest = builds.reduce((a, b) => (value(b, obj) < value(a, obj) ? b : a));
    expect(d.recommendation?.name).toBe(lowest.name);
    expect(d.recommendation?.name).toBe('IB, discounted systems');
    expect(d.question).toMatch(
      /^Which of these 3 builds for training Llama 3 70B gives the lowest cost per training run\?$/,
    );
    // Higher is better on throughput: the fastest build.
    const tput = buildDecision(builds, 'effective_tokens_per_s', null);
    const fastest = builds.reduce((a, b) =>
      value(b, 'effective_tokens_per_s') > value(a, 'effective_tokens_per_s') ? b : a,
    );
    expect(tput.recommendation?.name).toBe(fastest.name);
    expect(tput.recommendation?.text).toContain('the highest effective throughput');
  });

  it('states the margin to the runner-up and calls overlapping bands indistinguishable', () => {
    const obj = 'cost_per_training_run_usd';
    const a = value(ib, obj);
    const b = value(roce, obj);
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const overlap = buildDecision(
      [ib, roce],
      obj,
      bands(obj, [
        [a * 0.9, a, a * 1.1],
        [b * 0.9, b, b * 1.1],
      ]),
    ).recommendation!;
    expect(overlap.marginPct).toBeCloseTo(((hi - lo) / hi) * 100, 9);
    expect(overlap.withinUncertainty).toBe(true);
    expect(overlap.text).toMatch(/indistinguishable/);
    const apart = buildDecision(
      [ib, roce],
      obj,
      bands(obj, [
        [a * 0.999, a, a * 1.001],
        [b * 0.999, b, b * 1.001],
      ]),
    ).recommendation!;
    expect(apart.withinUncertainty).toBe(false);
    expect(apart.text).toMatch(/do not overlap/);
    expect(apart.text).not.toMatch(/indistinguishable/);
  });

  it('ranks without recommending when no objective is stated', () => {
    const d = buildDecision([ib, roce, cheap], null, null);
    expect(d.recommendation).toBeNull();
    expect(d.objective).toBeNull();
    expect(d.question).toMatch(
      /^How do these 3 builds .* compare on cost, time, power and risk\?$/,
    );
    expect(d.rankings.length).toBeGreaterThanOrEqual(3);
    for (const r of d.rankings) {
      const dir = getMetric(r.metricId).better;
      for (let k = 1; k < r.places.length; k++) {
        const prev = r.places[k - 1]!.value;
        const cur = r.places[k]!.value;
        expect(dir === 'lower' ? prev <= cur : prev >= cur, r.metricId).toBe(true);
      }
      expect(r.places).toHaveLength(3);
    }
  });

  it('decides on 3 to 5 figures, the objective first; builds without the figure are named', () => {
    for (const obj of [null, ...REPORT_OBJECTIVE_IDS]) {
      const ids = decisiveMetricIds([ib, serving], obj);
      expect(ids.length).toBeGreaterThanOrEqual(3);
      expect(ids.length).toBeLessThanOrEqual(5);
      if (obj && (ib.result.metrics[obj] || serving.result.metrics[obj])) expect(ids[0]).toBe(obj);
    }
    const mixed = buildDecision([ib, serving], 'cost_per_training_run_usd', null);
    expect(mixed.recommendation?.name).toBe(ib.name);
    expect(mixed.recommendation?.without).toEqual([serving.name]);
    expect(mixed.recommendation?.text).toContain(`Not ranked (no such figure): ${serving.name}`);
  });

  it('lists each build’s risks: its bottleneck, and its band and top driver from the analysis', () => {
    const mc = reportMonteCarlo([ib, roce], 8, 3);
    const analysis = buildAnalysis([ib, roce], 'tco_usd', mc);
    const d = buildDecision([ib, roce], 'tco_usd', analysis);
    for (const r of d.risks) {
      expect(r.bottleneck).toBe([ib, roce][r.index]!.result.bottleneck?.text ?? null);
      expect(r.band?.metricId).toBe('tco_usd');
      expect(r.band!.band.p10).toBeLessThanOrEqual(r.band!.band.p90);
      expect(r.topDriver?.label).toBe(analysis.builds[r.index]!.tornado[0]!.label);
    }
    // Same seed, same bands.
    expect(reportMonteCarlo([ib, roce], 8, 3).summaries).toEqual(mc.summaries);
  });

  it('says the objective in words, acronyms kept', () => {
    expect(objectiveText('tco_usd')).toBe('the lowest TCO');
    expect(objectiveText('own_vs_cloud_npv_usd')).toBe('the highest NPV of owning vs cloud');
    expect(objectiveText('time_to_train_days')).toBe('the lowest time to train');
  });

  it('refuses an objective it does not know, naming the field', () => {
    expect(() => buildDecision([ib], 'name', null)).toThrow(/^objective: "name" is not one of/);
    expect(getReportObjectiveOptions()[0]).toEqual({
      id: '',
      label: 'None stated: neutral ranking',
    });
  });
});

describe('the analyses behind the charts', () => {
  it('perturb each training build at the layout its evaluation chose: the same figures', () => {
    const ft = loadReportScenario('finetune-llama3-8b-8xh100-lora.json', 'ft');
    expect(ft.scenario.workload.kind === 'training' && ft.scenario.workload.parallelism).toBe(
      'auto',
    );
    const pinned = analysisScenario(ft);
    expect(pinned.workload.kind === 'training' && pinned.workload.parallelism).not.toBe('auto');
    const again = evaluate(pinned);
    for (const id of ['tco_usd', 'cost_per_training_run_usd', 'time_to_train_days', 'mfu_pct']) {
      expect(again.metrics[id]?.value, id).toBe(value(ft, id));
    }
    // Serving builds are analysed as they are.
    expect(analysisScenario(serving)).toBe(serving.scenario);
  });

  it('cash flow by year: the finance schedule; owning costs the TCO in total', () => {
    const flows = cashFlowOf(ib);
    const schedule = ib.result.powerCost!.cost.schedule;
    expect(flows).toHaveLength(schedule.years.length);
    const last = flows[flows.length - 1]!;
    expect(last.cumulativeOwn).toBeCloseTo(value(ib, 'tco_usd'), 0);
    expect(last.cumulativeCloud).toBeCloseTo(
      schedule.years.reduce((s, y) => s + y.cloudRentUsd, 0),
      3,
    );
    expect(flows[0]!.capex).toBeGreaterThan(0);
    for (const f of flows) expect(f.net).toBeCloseTo(f.residual - f.capex - f.opex, 3);
  });

  it('tornado bars per build on its analysis metric, longest first', () => {
    const a = buildAnalysis([ib, serving], 'cost_per_training_run_usd', null);
    expect(a.draws).toBe(0);
    expect(a.builds[0]!.metricId).toBe('cost_per_training_run_usd');
    // The serving build has no training run: its cost per million output tokens.
    expect(a.builds[1]!.metricId).toBe('cost_per_million_output_tokens_usd');
    for (const b of a.builds) {
      expect(b.tornado.length).toBeGreaterThan(0);
      for (let k = 1; k < b.tornado.length; k++) {
        expect(b.tornado[k - 1]!.extent).toBeGreaterThanOrEqual(b.tornado[k]!.extent);
      }
    }
  });
});
