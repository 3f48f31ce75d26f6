/**
 * The finance schedule through `evaluate()`: the figures a finance reviewer reads (depreciation
 * over both lives, own vs cloud, lost GPU-hours in money) agree with the schedule and with the
 * reliability stage's lost shares.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../model/evaluate';
import { parseScenarioOrThrow } from '../../../model/scenario';
import type { Scenario } from '../../../model/scenario';

function example(name: string, finance: Record<string, unknown> = {}): Scenario {
  const raw = JSON.parse(
    readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  raw['finance'] = { ...(raw['finance'] as Record<string, unknown> | undefined), ...finance };
  return parseScenarioOrThrow(raw);
}

const IB = 'pretrain-llama3-70b-1024xh100-ib.json';

describe('finance figures of an evaluated training build', () => {
  const r = evaluate(example(IB));
  const cost = r.powerCost?.cost;
  const m = (id: string): number => {
    const v = r.metrics[id];
    if (!v) throw new Error(`no ${id}`);
    return v.value;
  };

  it('book and economic depreciation are the IT capex over each life', () => {
    expect(cost).toBeDefined();
    const it = cost?.depreciation.itCapexUsd as number;
    const f = r.build?.finance;
    expect(m('book_depreciation_usd_per_year')).toBeCloseTo(it / (f?.bookLifeYears as number), 3);
    expect(m('economic_depreciation_usd_per_year')).toBeCloseTo(
      it / (f?.economicLifeYears as number),
      3,
    );
    expect(r.metrics['book_depreciation_usd_per_year']?.unit).toBe('USD/yr');
  });

  it('lost GPU-hours in money: the causes sum to the total, failures follow the failure share', () => {
    const parts =
      m('lost_gpu_hours_value_usd_per_year_data_stall') +
      m('lost_gpu_hours_value_usd_per_year_checkpoint') +
      m('lost_gpu_hours_value_usd_per_year_failures') +
      m('lost_gpu_hours_value_usd_per_year_exposed_comm');
    expect(parts).toBeCloseTo(m('lost_gpu_hours_value_usd_per_year'), 3);
    const failures = r.dataReliability?.wallShares.failures as number;
    expect(failures).toBeGreaterThan(0);
    // Failure share × (TCO per year): the share of the money that buys GPU-hours lost.
    expect(m('lost_gpu_hours_value_usd_per_year_failures')).toBeCloseTo(
      failures * (m('tco_usd') / (r.build?.finance.horizonYears as number)),
      0,
    );
    expect(m('lost_gpu_hours_value_usd_per_year_exposed_comm')).toBeGreaterThan(0);
  });

  it('cost per effective GPU-hour = cost per used GPU-hour / goodput', () => {
    const useful = r.dataReliability?.wallShares.useful as number;
    expect(m('cost_per_effective_gpu_hour_usd')).toBeCloseTo(
      m('cost_per_gpu_hour_usd') / useful,
      9,
    );
  });

  it('own vs cloud NPV is the schedule’s; a dearer, less reliable cloud makes owning worth more', () => {
    expect(m('own_vs_cloud_npv_usd')).toBeCloseTo(cost?.schedule.ownVsCloudNpvUsd as number, 3);
    const worse = evaluate(example(IB, { cloudGoodput: 0.7, cloudSupportUpliftFraction: 0.15 }));
    expect(worse.metrics['own_vs_cloud_npv_usd']?.value as number).toBeGreaterThan(
      m('own_vs_cloud_npv_usd'),
    );
    expect(worse.metrics['cloud_cost_usd']?.value as number).toBeGreaterThan(m('cloud_cost_usd'));
  });

  it('phased deployment in 2 tranches moves capex to year 1 and lowers the 5-year GPU-hours', () => {
    const p = evaluate(example(IB, { deploymentPhases: 2 }));
    const y = p.powerCost?.cost.schedule.years ?? [];
    expect(y[1]?.capexItUsd).toBeGreaterThan(0);
    expect(y[1]?.deployedFraction).toBe(0.5);
    expect(p.powerCost?.cost.usedGpuHours as number).toBeLessThan(cost?.usedGpuHours as number);
  });
});
