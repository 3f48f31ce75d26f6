import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinCatalog, mergeUserCatalog, userCatalogSchema } from '../../../model/catalog/index';
import { costMetrics, evaluatePowerAndCost } from '../../../model/cost/index';
import type { PowerCostInput } from '../../../model/cost/index';
import { buildRegistry } from '../../../model/metrics/metric';
import { powerMetrics } from '../../../model/power/index';
import { facilitySectionSchema } from '../../../model/scenario/facility';
import { financeSectionSchema } from '../../../model/scenario/finance';

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

function input(over: Partial<PowerCostInput> = {}): PowerCostInput {
  return {
    acceleratorId: 'h100-sxm',
    gpus: 1024,
    gpusPerNode: 8,
    fabric: 'infiniband',
    fatTreeTiers: 'auto',
    oversubscription: 1,
    gpuBusyFraction: 0.9,
    tokensPerSecond: 3e6,
    timeToTrainS: 30 * 86400,
    facility: facilitySectionSchema.parse({}),
    finance: financeSectionSchema.parse({}),
    ...over,
  };
}

const registry = buildRegistry([powerMetrics, costMetrics]);

describe('evaluatePowerAndCost', () => {
  it('returns every required metric, registered, with its registered unit and a finite value', () => {
    const r = evaluatePowerAndCost(input());
    for (const id of REQUIRED) expect(r.metrics[id], id).toBeDefined();
    for (const [id, v] of Object.entries(r.metrics)) {
      expect(registry.get(id)?.unit, id).toBe(v.unit);
      expect(Number.isFinite(v.value), id).toBe(true);
    }
    expect(r.warnings).toEqual([]);
  });

  it('breakdowns sum to totals', () => {
    const r = evaluatePowerAndCost(input());
    const avg = Object.values(r.itPowerKw.average).reduce((a, b) => a + b, 0);
    const peak = Object.values(r.itPowerKw.peak).reduce((a, b) => a + b, 0);
    expect(avg).toBeCloseTo(r.metrics.it_power_kw!.value, 6);
    expect(peak).toBeCloseTo(r.metrics.it_power_peak_kw!.value, 6);
    expect(
      r.network.compute.switches +
        (r.network.storage?.switches ?? 0) +
        r.network.management.switches,
    ).toBe(r.metrics.switches!.value);
    expect(r.racks.computeRacks + r.racks.networkRacks + r.racks.storageRacks).toBe(
      r.metrics.racks!.value,
    );
  });

  it('128 DGX H100 nodes, rail-optimized QM9700 fabric: 32 leaf + 16 spine', () => {
    const r = evaluatePowerAndCost(input());
    expect(r.nodes).toBe(128);
    expect([r.network.compute.leafSwitches, r.network.compute.spineSwitches]).toEqual([32, 16]);
  });

  it('DGX SuperPOD H100, 4 SU (127 DGX, 40.8 kW racks): the RA bill of materials and ~38 racks', () => {
    const r = evaluatePowerAndCost(
      input({
        gpus: 1016,
        facility: facilitySectionSchema.parse({ presetId: 'ai-ready-air-40kw' }),
      }),
    );
    const c = r.network.compute;
    expect([r.nodes, r.racks.nodesPerRack, r.racks.computeRacks]).toEqual([127, 4, 32]);
    expect([
      c.leafSwitches,
      c.spineSwitches,
      c.cables,
      c.switchTransceivers,
      c.nodeTransceivers,
    ]).toEqual([32, 16, 2040, 1536, 508]);
    // NVIDIA RA-11333: 38 racks in total for 4 SU (compute + network + storage/management).
    expect(Math.abs(r.racks.racks / 38 - 1)).toBeLessThan(0.1);
  });

  it('energy and electricity follow IT × PUE × 8,760 h × price', () => {
    const r = evaluatePowerAndCost(
      input({ facility: facilitySectionSchema.parse({ pue: 1.25, priceUsdPerKwh: 0.1 }) }),
    );
    expect(r.metrics.facility_power_kw!.value).toBeCloseTo(r.metrics.it_power_kw!.value * 1.25, 9);
    expect(r.metrics.energy_mwh_per_year!.value).toBeCloseTo(
      r.metrics.it_power_kw!.value * 1.25 * 8.76,
      6,
    );
    expect(r.metrics.electricity_cost_usd_per_year!.value).toBeCloseTo(
      r.metrics.energy_mwh_per_year!.value * 100,
      4,
    );
  });

  it('a GPU power cap below the TDP lowers the GPUs’ draw at load and at peak; one above it changes nothing', () => {
    const base = evaluatePowerAndCost(input());
    const capped = evaluatePowerAndCost(input({ gpuPowerCapW: 500 }));
    const above = evaluatePowerAndCost(input({ gpuPowerCapW: 900 }));
    // H100 SXM: 700 W TDP → 500 W: the GPU line at peak falls by 200 W per GPU.
    const gpuPeak = (r: typeof base) => r.itPowerKw.peak['gpus'] ?? 0;
    expect(gpuPeak(base) - gpuPeak(capped)).toBeCloseTo((1024 * 200) / 1000, 6);
    expect(capped.metrics.it_power_kw!.value).toBeLessThan(base.metrics.it_power_kw!.value);
    expect(above.metrics.it_power_kw!.value).toBeCloseTo(base.metrics.it_power_kw!.value, 9);
    expect(() => evaluatePowerAndCost(input({ gpuPowerCapW: -1 }))).toThrow(/gpuPowerCapW/);
  });

  it('GB200 NVL72 racks: ~120 kW each under a direct-liquid limit, warned under an air limit', () => {
    const dlc = evaluatePowerAndCost(
      input({
        acceleratorId: 'gb200',
        gpus: 576,
        gpusPerNode: 72,
        facility: facilitySectionSchema.parse({ coolingType: 'direct-liquid' }),
      }),
    );
    expect(dlc.nodes).toBe(8);
    expect(dlc.metrics.rack_power_kw!.value).toBe(120);
    expect(dlc.warnings).toEqual([]);
    const air = evaluatePowerAndCost(input({ acceleratorId: 'gb200', gpus: 576, gpusPerNode: 72 }));
    expect(air.warnings.map((w) => w.code)).toContain('rack_over_limit');
  });

  it('a build’s figures do not depend on the builds evaluated before it (per-build memos)', () => {
    const builds: Partial<PowerCostInput>[] = [
      {},
      { facility: facilitySectionSchema.parse({ coolingType: 'direct-liquid' }) },
      { storageCapacityTb: 5000 },
      { storageCapacityTb: 5000, fatTreeTiers: 3 },
      { gpus: 2048, fabric: 'roce' },
      { facility: facilitySectionSchema.parse({ coolingType: 'immersion' }), gpus: 2048 },
      { oversubscription: 2 },
    ];
    // Each build alone first, against its own copy of the catalog (the memos are per catalog, so
    // nothing is reused), then all of them on the built-in catalog in an order that revisits
    // builds that differ only in cooling, storage or tiers.
    const fresh = builds.map((b) => evaluatePowerAndCost(input(b), { ...builtinCatalog() }));
    for (const order of [
      [0, 1, 0, 2, 3, 2, 1],
      [4, 5, 4, 6, 0, 5],
    ]) {
      for (const k of order) {
        const r = evaluatePowerAndCost(input(builds[k]));
        expect(r.metrics).toEqual(fresh[k]!.metrics);
        expect(r.warnings).toEqual(fresh[k]!.warnings);
      }
    }
  });

  it('a user price override raises capex by nodes × the difference and is used', () => {
    const base = evaluatePowerAndCost(input());
    const user = userCatalogSchema.parse({
      entries: [{ kind: 'system', id: 'dgx-h100', date: '2026-11', fields: { priceUsd: 334500 } }],
    });
    const cat = mergeUserCatalog(builtinCatalog(), user);
    const r = evaluatePowerAndCost(input(), cat);
    // +$100,000 per node × 128 nodes, plus 2 % installation on it.
    expect(r.metrics.capex_usd!.value - base.metrics.capex_usd!.value).toBeCloseTo(
      128 * 100_000 * 1.02,
      2,
    );
  });

  it('names the field of a bad input', () => {
    expect(() => evaluatePowerAndCost(input({ gpuBusyFraction: 1.5 }))).toThrow(/^gpuBusyFraction/);
    expect(() => evaluatePowerAndCost(input({ systemId: 'nope' }))).toThrow(
      /unknown system id "nope"/,
    );
    expect(() => evaluatePowerAndCost(input({ acceleratorId: 'tpu-v9' }))).toThrow(
      /^systemId: no reference system/,
    );
    expect(() =>
      evaluatePowerAndCost(
        input({ facility: facilitySectionSchema.parse({ electricityId: 'eu-finland-h1-2024' }) }),
      ),
    ).toThrow(/^facility.electricityId: "eu-finland-h1-2024" is priced in EUR/);
  });

  it('property: power and cost never fall as the GPU count grows; facility power ≥ IT power; breakdowns sum to totals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 512 }),
        fc.integer({ min: 1, max: 64 }),
        (nodes, more) => {
          const a = evaluatePowerAndCost(input({ gpus: nodes * 8 })).metrics;
          const b = evaluatePowerAndCost(input({ gpus: (nodes + more) * 8 })).metrics;
          for (const id of [
            'it_power_kw',
            'it_power_peak_kw',
            'energy_mwh_per_year',
            'capex_usd',
            'opex_usd_per_year',
            'tco_usd',
            'switches',
            'racks',
          ]) {
            expect(b[id]!.value, id).toBeGreaterThanOrEqual(a[id]!.value);
          }
          expect(a.facility_power_kw!.value).toBeGreaterThanOrEqual(a.it_power_kw!.value);
          const r = evaluatePowerAndCost(input({ gpus: nodes * 8, gpuBusyFraction: more / 64 }));
          const lines = Object.values(r.itPowerKw.average).reduce((x, y) => x + y, 0);
          expect(lines).toBeCloseTo(r.metrics.it_power_kw!.value, 6);
          const c = r.cost.capex;
          expect(
            c.systemsUsd +
              c.fabricUsd +
              c.storageUsd +
              c.rackInfraUsd +
              c.facilityUsd +
              c.installationUsd,
          ).toBeCloseTo(c.totalUsd, 4);
          const o = r.cost.opexPerYear;
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
      { numRuns: 60 },
    );
  });
});
