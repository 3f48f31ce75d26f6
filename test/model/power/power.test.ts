import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAN_MIN_SPEED,
  IDLE_ACTIVITY,
  MATRIX_ACTIVITY,
  btuPerHourToKw,
  btuPerHourToTons,
  checkActivity,
  electricityCostPerYear,
  facilityFigures,
  gpuBoardPowerW,
  kwToBtuPerHour,
  kwToTons,
  nodeGpuLoad,
  nodePeakPowerW,
  nodePowerW,
  packRacks,
  tonsToKw,
} from '../../../model/power/index';
import type { GpuActivity } from '../../../model/power/index';
import type { ResolvedBuild } from '../../../model/build';
import { buildOf } from '../build/helpers';

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

describe('GPU board power from activity', () => {
  const act = (over: Partial<GpuActivity>): GpuActivity => ({ ...IDLE_ACTIVITY, idle: 0, ...over });

  it('each phase draws its measured share of TDP, waits and idle the idle power', () => {
    // Matrix work alone is held at the limit; the other phases at their measured shares.
    expect(gpuBoardPowerW(700, 130, null, MATRIX_ACTIVITY)).toBe(700);
    expect(gpuBoardPowerW(700, 130, null, act({ memory: 1 }))).toBeCloseTo(0.74 * 700, 9);
    expect(gpuBoardPowerW(700, 130, null, act({ attention: 1 }))).toBeCloseTo(0.88 * 700, 9);
    expect(gpuBoardPowerW(700, 130, null, act({ launch: 1 }))).toBeCloseTo(0.23 * 700, 9);
    expect(gpuBoardPowerW(700, 130, null, act({ commScaleUp: 1 }))).toBeCloseTo(0.37 * 700, 9);
    expect(gpuBoardPowerW(700, 130, null, act({ commScaleOut: 1 }))).toBeCloseTo(0.26 * 700, 9);
    expect(gpuBoardPowerW(700, 130, null, act({ wait: 1 }))).toBe(130);
    expect(gpuBoardPowerW(700, 130, null, IDLE_ACTIVITY)).toBe(130);
    // A phase below idle draws idle (A100's scale-out collectives: 0.26 × 400 = 104 < 120).
    expect(gpuBoardPowerW(400, 120, null, act({ commScaleOut: 1 }))).toBe(120);
  });

  it('the limiter holds the mean, not each phase: GEMM bursts between waits pass at full clocks', () => {
    // Measured on an H100 SXM (clusterplan-h100-probe): bursts with equal waits at 130 W
    // averaged 553 W; with waits a third as long, 691 W (at the 700 W limit).
    const half = gpuBoardPowerW(700, 130, null, act({ matrix: 0.5, wait: 0.5 }));
    expect(half).toBeCloseTo(0.5 * 1.39 * 700 + 0.5 * 130, 9);
    expect(Math.abs(half - 553) / 553).toBeLessThan(0.02);
    expect(gpuBoardPowerW(700, 130, null, act({ matrix: 0.75, wait: 0.25 }))).toBe(700);
  });

  it('a cap below the TDP holds the mean at the cap and leaves a mean below it alone', () => {
    expect(gpuBoardPowerW(700, 130, 500, MATRIX_ACTIVITY)).toBe(500);
    expect(gpuBoardPowerW(700, 130, 550, act({ memory: 1 }))).toBeCloseTo(518, 9);
    expect(gpuBoardPowerW(700, 130, 500, act({ memory: 1 }))).toBe(500);
    expect(gpuBoardPowerW(700, 130, 900, MATRIX_ACTIVITY)).toBe(700);
  });

  it('property: board power lies between idle and the limit and rises as waits turn into work', () => {
    const share = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        share,
        share,
        share,
        fc.double({ min: 100, max: 1500, noNaN: true }),
        (m, x, y, tdp) => {
          const idle = 0.2 * tdp;
          const a = act({
            matrix: m * (1 - x),
            memory: (1 - m) * (1 - x) * y,
            wait: 1 - m * (1 - x) - (1 - m) * (1 - x) * y,
          });
          checkActivity(a);
          const p = gpuBoardPowerW(tdp, idle, null, a);
          expect(p).toBeGreaterThanOrEqual(idle - 1e-9);
          expect(p).toBeLessThanOrEqual(tdp + 1e-9);
          const more = act({ ...a, matrix: a.matrix + a.wait, wait: 0 });
          expect(gpuBoardPowerW(tdp, idle, null, more)).toBeGreaterThanOrEqual(p - 1e-9);
        },
      ),
    );
  });

  it('rejects shares that do not sum to 1, naming the share', () => {
    expect(() => checkActivity(act({ matrix: 0.5 }))).toThrow(/sum to 1/);
    expect(() => checkActivity(act({ matrix: 1.5, wait: -0.5 }))).toThrow(/^activity\.matrix/);
  });
});

describe('node power by component', () => {
  const busy = (b: ResolvedBuild) => nodeGpuLoad(b, b.system.gpusPerNode, MATRIX_ACTIVITY, null);

  it('lines sum to the input power; the PSU loss is input × (1 − η)', () => {
    const b = buildOf('h100-sxm', 8);
    const p = nodePowerW(b, busy(b));
    expect(sum(p)).toBeCloseTo(p.totalW, 6);
    expect(p.conversionLossW).toBeCloseTo(p.totalW * (1 - b.node.psuEfficiency), 6);
    expect(p.gpusW).toBe(8 * 700);
  });

  // Nameplates (DGX H100 10.2 kW, DGX B200 14.3 kW: NVIDIA user guides via the catalog) are the
  // power supplies' limit: the bottom-up peak stays under them and near them.
  it.each([
    ['h100-sxm', 10200],
    ['b200', 14300],
  ])('%s: the bottom-up peak lies between 80 and 100 % of the nameplate', (acc, rated) => {
    const b = buildOf(acc, 8);
    const p = nodePeakPowerW(b);
    expect(p.totalW).toBeLessThanOrEqual(rated);
    expect(p.totalW).toBeGreaterThan(0.8 * rated);
  });

  it('fans follow the cube of the heat: at their floor when idle, full at peak', () => {
    const b = buildOf('h100-sxm', 8);
    const idle = nodePowerW(b, nodeGpuLoad(b, 0, IDLE_ACTIVITY, null));
    const peak = nodePeakPowerW(b);
    const heat = (p: typeof idle) => p.totalW - p.fansW - p.conversionLossW;
    const ratio = heat(idle) / heat(peak);
    expect(idle.fansW).toBeCloseTo(b.node.fanMaxW * Math.max(FAN_MIN_SPEED ** 3, ratio ** 3), 6);
    expect(peak.fansW).toBeCloseTo(b.node.fanMaxW, 6);
  });

  it('immersion removes the fans of an air-cooled server; a liquid chassis keeps residual fans', () => {
    const air = nodePeakPowerW(buildOf('h100-sxm', 8));
    const imm = nodePeakPowerW(buildOf('h100-sxm', 8, { facility: { coolingType: 'immersion' } }));
    expect(imm.fansW).toBe(0);
    expect(imm.totalW).toBeLessThan(air.totalW);
    const nvl = buildOf('gb200', 72, {
      gpusPerNode: 72,
      facility: { coolingType: 'direct-liquid' },
    });
    expect(nvl.system.cooling).toBe('liquid');
    expect(nodePeakPowerW(nvl).fansW / nodePeakPowerW(nvl).totalW).toBeLessThan(0.03);
  });

  it('a measured idle sets the node’s idle input; the load adds to it', () => {
    const userCatalog = {
      entries: [
        {
          kind: 'system',
          id: 'dgx-h100',
          date: '2026-11',
          source: 'test',
          fields: { idleW: 3000 },
        },
      ],
    };
    const b = buildOf('h100-sxm', 8, { userCatalog });
    expect(b.system.idleW).toBe(3000);
    expect(nodePowerW(b, nodeGpuLoad(b, 0, IDLE_ACTIVITY, null)).totalW).toBeCloseTo(3000, 3);
    const plain = buildOf('h100-sxm', 8);
    const extra = nodePowerW(b, busy(b)).totalW - nodePowerW(plain, busy(plain)).totalW;
    expect(extra).toBeGreaterThan(0);
  });

  it('property: node power rises with the GPUs’ work and stays between idle and peak', () => {
    const b = buildOf('b200', 8);
    const idle = nodePowerW(b, nodeGpuLoad(b, 0, IDLE_ACTIVITY, null)).totalW;
    const peak = nodePeakPowerW(b).totalW;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (x, y) => {
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          const at = (m: number) =>
            nodePowerW(
              b,
              nodeGpuLoad(b, 8, { ...IDLE_ACTIVITY, idle: 0, matrix: m, wait: 1 - m }, null),
            ).totalW;
          expect(at(lo)).toBeLessThanOrEqual(at(hi) + 1e-9);
          expect(at(hi)).toBeLessThanOrEqual(peak + 1e-9);
          expect(at(lo)).toBeGreaterThanOrEqual(idle - 1e-9);
        },
      ),
    );
  });
});

describe('seed claim: "100 nodes at 70 % utilisation at $0.12/kWh cost about $60,000 a year"', () => {
  // $60,000 / $0.12 = 500 MWh/yr = 57.08 kW average; at 70 % of full draw (idle 0) that is
  // 815 W per node at full load: the claim holds for ~0.8 kW nodes (CPU servers or one
  // mid-range GPU each), not for 8-GPU servers (a DGX H100 draws ~10 kW).
  it('is reproduced with 815 W nodes by the app’s one electricity formula', () => {
    const cost = electricityCostPerYear(100 * 0.815 * 0.7, 1, 0.12);
    expect(cost).toBeCloseTo(59971.0, 0);
    expect(Math.abs(cost / 60000 - 1)).toBeLessThan(0.01);
    const f = facilityFigures({
      itAvgKw: 100 * 0.815 * 0.7,
      itPeakKw: 81.5,
      pue: 1,
      wueLPerKwh: 0,
      electricityPerKwh: 0.12,
      carbonGPerKwh: 0,
    });
    expect(f.electricityCostPerYear).toBeCloseTo(cost, 6);
  });
});

describe('facility figures', () => {
  it('hand-worked: 100 kW IT at PUE 1.5, 400 g/kWh, WUE 1.8', () => {
    const f = facilityFigures({
      itAvgKw: 100,
      itPeakKw: 120,
      pue: 1.5,
      wueLPerKwh: 1.8,
      electricityPerKwh: 0.1,
      carbonGPerKwh: 400,
    });
    expect(f.facilityAvgKw).toBe(150);
    expect(f.overheadAvgKw).toBe(50);
    expect(f.energyMwhPerYear).toBeCloseTo(1314, 9); // 150 kW × 8,760 h
    expect(f.itEnergyMwhPerYear).toBeCloseTo(876, 9);
    expect(f.electricityCostPerYear).toBeCloseTo(131400, 6);
    expect(f.carbonTPerYear).toBeCloseTo(525.6, 9);
    expect(f.waterM3PerYear).toBeCloseTo(1576.8, 9);
    expect(f.coolingLoadKw).toBe(120);
    expect(f.coolingTons).toBeCloseTo(34.1214, 3);
    expect(f.facilityPeakKw).toBe(180);
  });

  it('rejects PUE below 1 naming the field', () => {
    expect(() =>
      facilityFigures({
        itAvgKw: 1,
        itPeakKw: 1,
        pue: 0.9,
        wueLPerKwh: 0,
        electricityPerKwh: 0.1,
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
            electricityPerKwh: 0.1,
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
