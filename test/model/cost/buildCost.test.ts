import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResolvedBuild } from '../../../model/build';
import { userCatalogSchema } from '../../../model/catalog/index';
import { costMetrics, costOfBuild, costTotalsOfBuild } from '../../../model/cost/index';
import { buildRegistry, unitIn } from '../../../model/metrics';
import { IDLE_ACTIVITY, powerMetrics, powerOfBuild } from '../../../model/power/index';
import type { GpuActivity } from '../../../model/power/index';
import { buildOf } from '../build/helpers';

const REQUIRED = [
  'it_power_kw',
  'it_power_peak_kw',
  'facility_power_kw',
  'cooling_load_kw',
  'cooling_load_btu_h',
  'cooling_tons',
  'racks',
  'rack_power_kw',
  'energy_mwh_per_year',
  'electricity_cost_usd_per_year',
  'carbon_t_per_year',
  'switches',
  'transceivers',
  'network_power_kw',
  'capex_usd',
  'opex_usd_per_year',
  'tco_usd',
  'npv_usd',
  'cost_per_gpu_hour_usd',
  'cost_per_training_run_usd',
  'cost_per_million_tokens_usd',
  'cloud_cost_usd',
  'cloud_breakeven_months',
];

/** A training-like activity: 85 % matrix work, the rest scale-out communication and waits. */
const TRAINING: GpuActivity = {
  ...IDLE_ACTIVITY,
  idle: 0,
  matrix: 0.85,
  commScaleOut: 0.1,
  wait: 0.05,
};

function run(b: ResolvedBuild, capW: number | null = null) {
  const p = powerOfBuild(b, { gpusActive: b.gpus, activity: TRAINING, capW });
  const c = costOfBuild(b, p, {
    tokensPerSecond: 3e6,
    timeToTrainS: 30 * 86400,
    rentalPerGpuHour: null,
    servingGpus: null,
  });
  return { p, c, metrics: { ...p.metrics, ...c.metrics } };
}

const registry = buildRegistry([powerMetrics, costMetrics]);

describe('power and cost of a resolved build', () => {
  it('returns every required metric, registered, with its unit in the currency, and finite', () => {
    const { metrics } = run(buildOf('h100-sxm', 1024));
    for (const id of REQUIRED) expect(metrics[id], id).toBeDefined();
    for (const [id, v] of Object.entries(metrics)) {
      expect(unitIn(registry.get(id)?.unit ?? '?', 'USD'), id).toBe(v.unit);
      expect(Number.isFinite(v.value), id).toBe(true);
    }
  });

  it('renting cheaper at any use is said with the utilisation owning would need', () => {
    const cheapCloud = run(buildOf('h100-sxm', 64, { finance: { cloudUsdPerGpuHour: 0.5 } })).c;
    const need = cheapCloud.metrics['cloud_breakeven_utilization']?.value ?? 0;
    expect(need).toBeGreaterThan(100);
    const w = cheapCloud.warnings.find((x) => x.code === 'cloud_cheaper_at_any_use');
    expect(w?.message).toBe(
      `renting is cheaper at any utilisation: owning would need ${Math.round(need)} % utilisation to break even`,
    );
    // One warning: the monthly "no break-even" said the same thing beside it before.
    expect(cheapCloud.warnings.map((x) => x.code)).not.toContain('no_cloud_breakeven');
    const dearCloud = run(buildOf('h100-sxm', 64, { finance: { cloudUsdPerGpuHour: 10 } })).c;
    expect(dearCloud.warnings.map((x) => x.code)).not.toContain('cloud_cheaper_at_any_use');
  });

  it('breakdowns sum to totals', () => {
    const { p, metrics } = run(buildOf('h100-sxm', 1024));
    const sum = (o: object) => Object.values(o).reduce((a: number, b: number) => a + b, 0);
    expect(sum(p.it.averageKw)).toBeCloseTo(metrics.it_power_kw!.value, 6);
    expect(sum(p.it.peakKw)).toBeCloseTo(metrics.it_power_peak_kw!.value, 6);
    expect(p.racks.computeRacks + p.racks.networkRacks + p.racks.storageRacks).toBe(
      metrics.racks!.value,
    );
  });

  it('128 DGX H100 nodes, rail-optimized QM9700 fabric: 32 leaf + 16 spine', () => {
    const b = buildOf('h100-sxm', 1024);
    expect(b.nodes).toBe(128);
    expect([b.network.bom.compute.leafSwitches, b.network.bom.compute.spineSwitches]).toEqual([
      32, 16,
    ]);
  });

  it('DGX SuperPOD H100, 4 SU (127 DGX, 40.8 kW racks): the RA bill of materials and ~38 racks', () => {
    const b = buildOf('h100-sxm', 1016, { facility: { presetId: 'ai-ready-air-40kw' } });
    const { p } = run(b);
    const c = b.network.bom.compute;
    expect([b.nodes, p.racks.nodesPerRack, p.racks.computeRacks]).toEqual([127, 4, 32]);
    expect([
      c.leafSwitches,
      c.spineSwitches,
      c.cables,
      c.switchTransceivers,
      c.nodeTransceivers,
    ]).toEqual([32, 16, 2040, 1536, 508]);
    // NVIDIA RA-11333: 38 racks in total for 4 SU (compute + network + storage/management).
    expect(Math.abs(p.racks.racks / 38 - 1)).toBeLessThan(0.1);
  });

  it('energy and electricity follow IT × PUE × 8,760 h × price', () => {
    const { metrics } = run(
      buildOf('h100-sxm', 1024, { facility: { pue: 1.25, priceUsdPerKwh: 0.1 } }),
    );
    expect(metrics.facility_power_kw!.value).toBeCloseTo(metrics.it_power_kw!.value * 1.25, 9);
    expect(metrics.energy_mwh_per_year!.value).toBeCloseTo(
      metrics.it_power_kw!.value * 1.25 * 8.76,
      6,
    );
    expect(metrics.electricity_cost_usd_per_year!.value).toBeCloseTo(
      metrics.energy_mwh_per_year!.value * 100,
      4,
    );
  });

  it('a GPU power cap below the TDP lowers the GPUs’ draw at load and at peak; one above it changes nothing', () => {
    const b = buildOf('h100-sxm', 1024);
    const base = run(b);
    const capped = run(b, 500);
    const above = run(b, 900);
    expect(base.p.it.peakKw.gpus - capped.p.it.peakKw.gpus).toBeCloseTo((1024 * 200) / 1000, 6);
    expect(capped.metrics.it_power_kw!.value).toBeLessThan(base.metrics.it_power_kw!.value);
    expect(above.metrics.it_power_kw!.value).toBeCloseTo(base.metrics.it_power_kw!.value, 9);
  });

  it('GB200 NVL72 racks: one rack-scale system per rack; over an air rack limit, a warning', () => {
    const dlc = run(
      buildOf('gb200', 576, { gpusPerNode: 72, facility: { coolingType: 'direct-liquid' } }),
    );
    expect(dlc.p.racks.computeRacks).toBe(8);
    expect(dlc.p.warnings).toEqual([]);
    const air = run(buildOf('gb200', 576, { gpusPerNode: 72 }));
    expect(air.p.warnings.map((w) => w.code)).toContain('rack_over_limit');
  });

  it('a user price for the system raises capex by nodes × the difference', () => {
    const base = run(buildOf('h100-sxm', 1024));
    const userCatalog = userCatalogSchema.parse({
      entries: [{ kind: 'system', id: 'dgx-h100', date: '2026-11', fields: { priceUsd: 334500 } }],
    });
    const r = run(buildOf('h100-sxm', 1024, { userCatalog }));
    // +$100,000 per node × 128 nodes, plus 2 % installation on it.
    expect(r.metrics.capex_usd!.value - base.metrics.capex_usd!.value).toBeCloseTo(
      128 * 100_000 * 1.02,
      2,
    );
  });

  it('property: power and cost never fall as the GPU count grows (the switch count may: a bigger switch can make the cheaper fabric); capex and opex lines sum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 512 }),
        fc.integer({ min: 1, max: 64 }),
        (nodes, more) => {
          const a = run(buildOf('h100-sxm', nodes * 8)).metrics;
          const bRun = run(buildOf('h100-sxm', (nodes + more) * 8));
          const b = bRun.metrics;
          for (const id of [
            'it_power_kw',
            'it_power_peak_kw',
            'energy_mwh_per_year',
            'capex_usd',
            'opex_usd_per_year',
            'tco_usd',
          ]) {
            expect(b[id]!.value, id).toBeGreaterThanOrEqual(a[id]!.value);
          }
          expect(a.facility_power_kw!.value).toBeGreaterThanOrEqual(a.it_power_kw!.value);
          const c = bRun.c.cost.capex;
          expect(
            c.systemsUsd +
              c.fabricUsd +
              c.storageUsd +
              c.rackInfraUsd +
              c.facilityUsd +
              c.installationUsd,
          ).toBeCloseTo(c.totalUsd, 4);
          const o = bRun.c.cost.opexPerYear;
          expect(
            o.energyUsd +
              o.colocationUsd +
              o.facilityUsd +
              o.maintenanceUsd +
              o.staffUsd +
              o.softwareUsd,
          ).toBeCloseTo(o.totalUsd, 4);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('the cost totals the design search reads', () => {
  it('equal the figures of the full cost (schedule, NPV, rental comparison) exactly', () => {
    const cases = [
      buildOf('h100-sxm', 1024),
      buildOf('b200', 4096, { finance: { deploymentPhases: 3, horizonYears: 5 } }),
      buildOf('mi300x', 64, { facility: { siting: 'owned' } }),
    ];
    const works = [
      { tokensPerSecond: 3e6, timeToTrainS: 30 * 86400, rentalPerGpuHour: null, servingGpus: null },
      { tokensPerSecond: null, timeToTrainS: null, rentalPerGpuHour: null, servingGpus: null },
      { tokensPerSecond: 5e4, timeToTrainS: null, rentalPerGpuHour: 2, servingGpus: 8 },
    ];
    for (const b of cases) {
      const p = powerOfBuild(b, { gpusActive: b.gpus, activity: TRAINING, capW: null });
      for (const work of works) {
        const m = costOfBuild(b, p, work).metrics;
        const t = costTotalsOfBuild(b, p, work);
        expect(t.capexUsd).toBe(m['capex_usd']?.value);
        expect(t.tcoUsd).toBe(m['tco_usd']?.value);
        expect(t.perRunUsd).toBe(m['cost_per_training_run_usd']?.value ?? null);
        expect(t.perMillionTokensUsd).toBe(m['cost_per_million_tokens_usd']?.value ?? null);
      }
    }
  });
});
