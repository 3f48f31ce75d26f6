import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  btuPerHourToKw,
  btuPerHourToTons,
  effectivePriceUsdPerKwh,
  facilityFigures,
  kwToBtuPerHour,
  kwToTons,
  nodePartsFromCatalog,
  nodePeakPowerW,
  nodePowerW,
  packRacks,
  tonsToKw,
  validateNodePowerParts,
  yearlyElectricityCostUsd,
} from '../../../model/power/index';
import type { NodePowerParts } from '../../../model/power/index';

const parts: NodePowerParts = {
  gpus: 8,
  gpuTdpW: 700,
  gpuIdleW: 100,
  cpus: 2,
  cpuTdpW: 300,
  cpuIdleW: 100,
  dimmGb: 1000,
  dramWPerGb: 0.2,
  nicW: 100,
  opticsW: 50,
  drivesActiveW: 100,
  drivesIdleW: 20,
  platformW: 400,
  fanFraction: 0.1,
  psuEfficiency: 0.95,
};

function sum(b: Record<string, number>): number {
  return Object.entries(b)
    .filter(([k]) => k !== 'totalW')
    .reduce((a, [, v]) => a + v, 0);
}

describe('unit conversions', () => {
  it('kW ↔ BTU/h ↔ refrigeration tons round-trip', () => {
    expect(kwToBtuPerHour(1)).toBeCloseTo(3412.14, 2);
    expect(kwToTons(3.5168525)).toBeCloseTo(1, 6);
    expect(btuPerHourToTons(12000)).toBe(1);
    expect(kwToTons(100)).toBeCloseTo(28.4345, 3);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (kw) => {
        expect(btuPerHourToKw(kwToBtuPerHour(kw))).toBeCloseTo(kw, 6);
        expect(tonsToKw(kwToTons(kw))).toBeCloseTo(kw, 6);
        expect(btuPerHourToTons(kwToBtuPerHour(kw))).toBeCloseTo(kwToTons(kw), 6);
      }),
    );
  });
});

describe('node power by component', () => {
  it('hand-worked peak: S = 7,050 W DC, P_in = S / (η − f) = 7,050 / 0.85', () => {
    const p = nodePeakPowerW(parts);
    expect(p.gpusW).toBe(5600);
    expect(p.cpusW).toBe(600);
    expect(p.memoryW).toBe(200);
    expect(p.totalW).toBeCloseTo(8294.1176, 3);
    expect(p.fansW).toBeCloseTo(829.4118, 3); // 10 % of input
    expect(p.conversionLossW).toBeCloseTo(414.7059, 3); // 5 % of input
    expect(sum(p)).toBeCloseTo(p.totalW, 9);
  });

  it('hand-worked average at GPU activity 0.5', () => {
    const p = nodePowerW(parts, 0.5);
    expect(p.gpusW).toBe(8 * (100 + 0.5 * 600)); // 3,200
    expect(p.cpusW).toBe(2 * (100 + 0.25 * 200)); // CPUs at half their span while training: 300
    expect(p.drivesW).toBe(60);
    // DC = 3200 + 300 + 200 + 100 + 50 + 60 + 400 = 4310 → / 0.85
    expect(p.totalW).toBeCloseTo(4310 / 0.85, 6);
  });

  it('rejects an activity outside 0–1 and a fan share that eats the PSU, naming the field', () => {
    expect(() => nodePowerW(parts, 1.2)).toThrow(/^gpuActivity/);
    expect(() => validateNodePowerParts({ ...parts, gpuIdleW: 800 })).toThrow(
      /^gpuIdleW must be a number from 0 to 700/,
    );
    expect(() => validateNodePowerParts({ ...parts, fanFraction: 0.9 })).toThrow(/^fanFraction/);
  });

  // Published nameplates: DGX H100 10.2 kW, DGX B200 14.3 kW (NVIDIA user guides via the
  // catalog). The bottom-up sum of components must land within 10 %.
  it.each([
    ['dgx-h100', 10200],
    ['dgx-b200', 14300],
  ])('%s bottom-up peak is within 10 %% of its rated %d W', (id, rated) => {
    const p = nodePeakPowerW(nodePartsFromCatalog(id));
    expect(Math.abs(p.totalW / rated - 1)).toBeLessThan(0.1);
    expect(sum(p)).toBeCloseTo(p.totalW, 6);
  });

  it('GB200 NVL72 rack lands near its published ~120–132 kW', () => {
    const p = nodePeakPowerW(nodePartsFromCatalog('gb200-nvl72', 'direct-liquid'));
    expect(p.totalW / 1000).toBeGreaterThan(114);
    expect(p.totalW / 1000).toBeLessThan(132);
  });

  it('immersion removes the fans of an air-cooled server', () => {
    const air = nodePeakPowerW(nodePartsFromCatalog('dgx-h100', 'air'));
    const imm = nodePeakPowerW(nodePartsFromCatalog('dgx-h100', 'immersion'));
    expect(imm.fansW).toBe(0);
    expect(imm.totalW).toBeLessThan(air.totalW);
  });

  it('property: power rises with activity and stays between idle and peak', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(nodePowerW(parts, lo).totalW).toBeLessThanOrEqual(
            nodePowerW(parts, hi).totalW + 1e-9,
          );
          expect(nodePowerW(parts, hi).totalW).toBeLessThanOrEqual(
            nodePeakPowerW(parts).totalW + 1e-9,
          );
        },
      ),
    );
  });
});

describe('seed claim: "100 nodes at 70 % utilisation at $0.12/kWh cost about $60,000 a year"', () => {
  // $60,000 / $0.12 = 500 MWh/yr = 57.08 kW average; at 70 % of full draw (idle 0) that is
  // 815 W per node at full load: the claim holds for ~0.8 kW nodes (CPU servers or one
  // mid-range GPU each), not for 8-GPU servers (a DGX H100 draws ~10 kW).
  it('is reproduced with 815 W nodes', () => {
    const cost = yearlyElectricityCostUsd({
      gpuCount: 100,
      tdpW: 815,
      idleW: 0,
      utilization: 0.7,
      priceUsdPerKwh: 0.12,
    });
    expect(cost).toBeCloseTo(59971.0, 0);
    expect(Math.abs(cost / 60000 - 1)).toBeLessThan(0.01);
    const f = facilityFigures({
      itAvgKw: 100 * 0.815 * 0.7,
      itPeakKw: 81.5,
      pue: 1,
      wueLPerKwh: 0,
      tariff: { kind: 'flat', priceUsdPerKwh: 0.12 },
      carbonGPerKwh: 0,
    });
    expect(f.electricityCostUsdPerYear).toBeCloseTo(cost, 6);
  });
});

describe('facility figures', () => {
  it('hand-worked: 100 kW IT at PUE 1.5, 400 g/kWh, WUE 1.8', () => {
    const f = facilityFigures({
      itAvgKw: 100,
      itPeakKw: 120,
      pue: 1.5,
      wueLPerKwh: 1.8,
      tariff: { kind: 'flat', priceUsdPerKwh: 0.1 },
      carbonGPerKwh: 400,
    });
    expect(f.facilityAvgKw).toBe(150);
    expect(f.overheadAvgKw).toBe(50);
    expect(f.energyMwhPerYear).toBeCloseTo(1314, 9); // 150 kW × 8,760 h
    expect(f.itEnergyMwhPerYear).toBeCloseTo(876, 9);
    expect(f.electricityCostUsdPerYear).toBeCloseTo(131400, 6);
    expect(f.carbonTPerYear).toBeCloseTo(525.6, 9);
    expect(f.waterM3PerYear).toBeCloseTo(1576.8, 9);
    expect(f.coolingLoadKw).toBe(120);
    expect(f.coolingTons).toBeCloseTo(34.1214, 3);
    expect(f.facilityPeakKw).toBe(180);
  });

  it('peak/off-peak: 12 h × 5 days at $0.20, rest at $0.10', () => {
    const p = effectivePriceUsdPerKwh({
      kind: 'peak-offpeak',
      peakPriceUsdPerKwh: 0.2,
      offPeakPriceUsdPerKwh: 0.1,
      peakHoursPerDay: 12,
      peakDaysPerWeek: 5,
    });
    expect(p).toBeCloseTo((60 / 168) * 0.2 + (108 / 168) * 0.1, 12); // 0.135714
  });

  it('rejects PUE below 1 naming the field', () => {
    expect(() =>
      facilityFigures({
        itAvgKw: 1,
        itPeakKw: 1,
        pue: 0.9,
        wueLPerKwh: 0,
        tariff: { kind: 'flat', priceUsdPerKwh: 0.1 },
        carbonGPerKwh: 0,
      }),
    ).toThrow(/^pue must be/);
  });

  it('property: facility power ≥ IT power (PUE ≥ 1)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        (kw, pue) => {
          const f = facilityFigures({
            itAvgKw: kw,
            itPeakKw: kw,
            pue,
            wueLPerKwh: 0,
            tariff: { kind: 'flat', priceUsdPerKwh: 0.1 },
            carbonGPerKwh: 100,
          });
          expect(f.facilityAvgKw).toBeGreaterThanOrEqual(kw);
        },
      ),
    );
  });
});

describe('rack packing', () => {
  const base = {
    nodeHeightU: 8,
    nodeForm: 'server',
    rackUnits: 42,
    networkRackUnits: 0,
    networkKw: 0,
    storageRackUnits: 0,
    storageKw: 0,
    floorM2PerRack: 2.5,
  } as const;

  it('4 DGX H100 (10.2 kW, 8 U) per 40.8 kW rack, as in the SuperPOD RA', () => {
    const r = packRacks({ ...base, nodes: 127, nodeKw: 10.2, rackLimitKw: 40.8 });
    expect(r.nodesPerRack).toBe(4);
    expect(r.computeRacks).toBe(32);
    expect(r.rackPowerKw).toBeCloseTo(40.8, 9);
    expect(r.limitedBy).toBe('power');
    expect(r.floorM2).toBe(80);
  });

  it('space-limited: 2 U nodes of 1 kW under a 100 kW limit fit 21 per 42 U rack', () => {
    const r = packRacks({ ...base, nodes: 50, nodeKw: 1, nodeHeightU: 2, rackLimitKw: 100 });
    expect([r.nodesPerRack, r.computeRacks, r.limitedBy]).toEqual([21, 3, 'space']);
  });

  it('warns when one node cannot fit the rack limit', () => {
    const r = packRacks({ ...base, nodes: 10, nodeKw: 10.2, rackLimitKw: 8 });
    expect(r.nodesPerRack).toBe(1);
    expect(r.warnings.map((w) => w.code)).toEqual(['node_over_rack_limit']);
    const rack = packRacks({
      ...base,
      nodes: 2,
      nodeKw: 120,
      nodeForm: 'rack',
      nodeHeightU: 48,
      rackUnits: 48,
      rackLimitKw: 40,
    });
    expect(rack.warnings[0]?.code).toBe('rack_over_limit');
  });

  it('network and storage gear get their own racks by U and kW', () => {
    const r = packRacks({
      ...base,
      nodes: 8,
      nodeKw: 10,
      rackLimitKw: 40,
      networkRackUnits: 50,
      networkKw: 10,
      storageRackUnits: 10,
      storageKw: 50,
    });
    expect([r.computeRacks, r.networkRacks, r.storageRacks, r.racks]).toEqual([2, 2, 2, 6]);
  });
});
