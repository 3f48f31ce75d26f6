import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  leafDownPorts,
  sizeClusterNetwork,
  sizeComputeFabric,
  sizeFabric,
  sizeFatTree,
  sizeManagement,
  threeTierMaxEndpoints,
  twoTierMaxEndpoints,
} from '../../../model/fabric/index';

const plain = { railsPerNode: 1, oversubscription: 1, railOptimized: false } as const;

describe('published fat-tree sizing rules (Al-Fares et al. 2008)', () => {
  it('k²/2 endpoints in 2 tiers and k³/4 in 3 tiers', () => {
    expect(twoTierMaxEndpoints(64)).toBe(2048); // Quantum-2 QM9700 (read: 2,048)
    expect(twoTierMaxEndpoints(144)).toBe(10368); // Quantum-X800 (read: 10,368)
    expect(threeTierMaxEndpoints(64)).toBe(65536);
    expect(threeTierMaxEndpoints(144)).toBe(746496);
  });

  it('a full non-blocking 2-tier tree uses k leaves + k/2 spines (3k/2 switches)', () => {
    for (const k of [16, 64, 144]) {
      const t = sizeFatTree({ ...plain, nodes: (k * k) / 2, radix: k, tiers: 2 });
      expect(t).toMatchObject({
        tiers: 2,
        leafSwitches: k,
        spineSwitches: k / 2,
        switches: (3 * k) / 2,
        maxEndpoints: (k * k) / 2,
      });
      expect(t.links).toBe(k * k); // one host link + one leaf-spine link per endpoint
    }
  });

  it('a full non-blocking 3-tier tree uses 5k²/4 switches', () => {
    for (const k of [8, 16, 64]) {
      const t = sizeFatTree({ ...plain, nodes: (k * k * k) / 4, radix: k, tiers: 3 });
      expect(t.switches).toBe((5 * k * k) / 4);
      expect(t.coreSwitches).toBe((k * k) / 4);
      expect(t.links).toBe((3 * k * k * k) / 4); // 1 + 2 links per endpoint
    }
  });

  it('auto picks the fewest tiers; one endpoint past k²/2 needs 3 tiers', () => {
    expect(sizeFatTree({ ...plain, nodes: 64, radix: 64, tiers: 'auto' }).tiers).toBe(1);
    expect(sizeFatTree({ ...plain, nodes: 65, radix: 64, tiers: 'auto' }).tiers).toBe(2);
    expect(sizeFatTree({ ...plain, nodes: 2048, radix: 64, tiers: 'auto' }).tiers).toBe(2);
    expect(sizeFatTree({ ...plain, nodes: 2049, radix: 64, tiers: 'auto' }).tiers).toBe(3);
    expect(() => sizeFatTree({ ...plain, nodes: 65, radix: 64, tiers: 1 })).toThrow(
      /^cluster\.network\.scaleOut\.fatTreeTiers: one switch tier holds at most 64 endpoints with radix-64 switches; 65 endpoints need 2 tiers or more/,
    );
    expect(() => sizeFatTree({ ...plain, nodes: 2049, radix: 64, tiers: 2 })).toThrow(
      /^cluster\.network\.scaleOut\.fatTreeTiers: 2 tiers hold at most 2,048 endpoints .*2,049 endpoints need 65 leaves: use 3 tiers/,
    );
    expect(() => sizeFatTree({ ...plain, nodes: 65537, radix: 64, tiers: 3 })).toThrow(
      /^cluster\.compute\.gpus: a 3-tier fat tree of radix-64 switches at 1:1 holds at most 65,536 endpoints; 65,537 endpoints need/,
    );
  });

  it('oversubscription o gives ⌊k·o/(1+o)⌋ down ports per leaf', () => {
    expect(leafDownPorts(64, 1)).toBe(32);
    expect(leafDownPorts(64, 3)).toBe(48);
    expect(leafDownPorts(64, 2)).toBe(42);
    // 3:1 at k = 64: 48 down, 16 up; 2 tiers hold k·48 = 3,072 endpoints on 64 leaves,
    // whose 64 × 16 = 1,024 uplinks need 16 spines.
    const t = sizeFatTree({ ...plain, nodes: 3072, radix: 64, tiers: 2, oversubscription: 3 });
    expect([t.leafSwitches, t.leafSpineLinks, t.spineSwitches, t.maxEndpoints]).toEqual([
      64, 1024, 16, 3072,
    ]);
    expect(() =>
      sizeFatTree({ ...plain, nodes: 3073, radix: 64, tiers: 2, oversubscription: 3 }),
    ).toThrow(/at most 3,072/);
  });

  it('rejects bad inputs naming the field', () => {
    expect(() => sizeFatTree({ ...plain, nodes: 0, radix: 64, tiers: 'auto' })).toThrow(
      /^nodes must be/,
    );
    expect(() => sizeFatTree({ ...plain, nodes: 8, radix: 63, tiers: 'auto' })).toThrow(
      /^radix must be/,
    );
    expect(() =>
      sizeFatTree({ ...plain, nodes: 8, radix: 64, tiers: 'auto', oversubscription: 0.5 }),
    ).toThrow(/^oversubscription/);
  });
});

describe('NVIDIA DGX SuperPOD H100 reference architecture (rail-optimized, QM9700)', () => {
  const su = {
    railsPerNode: 8,
    radix: 64,
    tiers: 'auto',
    oversubscription: 1,
    railOptimized: true,
  } as const;
  const parts = {
    switchParts: { radix: 64, typicalPowerW: 747, priceUsd: 0, heightU: 1 },
    switchModule: { portsPerModule: 2, powerW: 17, priceUsd: 0 },
    nodeModule: { portsPerModule: 2, powerW: 17, priceUsd: 0 },
    cable: { powerW: 0, priceUsd: 0 },
  };

  it('1 SU of 32 DGX = 8 leaf + 4 spine', () => {
    const t = sizeFatTree({ ...su, nodes: 32 });
    expect([t.leafSwitches, t.spineSwitches]).toEqual([8, 4]);
  });

  it('4 SU (127 DGX): 32 leaf + 16 spine, 2,040 cables, 1,536 switch + 508 node transceivers', () => {
    const f = sizeFabric({ ...su, nodes: 127, ...parts });
    expect([f.leafSwitches, f.spineSwitches]).toEqual([32, 16]);
    expect(f.cables).toBe(2040);
    expect(f.switchTransceivers).toBe(1536);
    expect(f.nodeTransceivers).toBe(508);
    // Power: 48 switches × 747 W + 1,536 modules × 17 W (node optics are node power).
    expect(f.powerW).toBeCloseTo(48 * 747 + 1536 * 17, 6);
  });
});

describe('fabric parts, power and price', () => {
  it('counts price of switches, all optics and cables', () => {
    const f = sizeFabric({
      nodes: 4,
      railsPerNode: 2,
      radix: 4,
      tiers: 2,
      oversubscription: 1,
      railOptimized: false,
      switchParts: { radix: 4, typicalPowerW: 100, priceUsd: 1000, heightU: 1 },
      switchModule: { portsPerModule: 1, powerW: 5, priceUsd: 50 },
      nodeModule: { portsPerModule: 1, powerW: 5, priceUsd: 40 },
      cable: { powerW: 1, priceUsd: 10 },
    });
    // 8 endpoints, k = 4: 2 down / 2 up per leaf → 4 leaves, 8 uplinks → 2 spines.
    expect([f.leafSwitches, f.spineSwitches, f.links]).toEqual([4, 2, 16]);
    expect(f.switchTransceivers).toBe(4 * 4 + 2 * 4);
    expect(f.nodeTransceivers).toBe(8);
    expect(f.powerW).toBe(6 * 100 + 24 * 5 + 16 * 1);
    expect(f.priceUsd).toBe(6 * 1000 + 24 * 50 + 8 * 40 + 16 * 10);
  });

  it('a one-node build buys no compute fabric; two nodes do', () => {
    const fabric = {
      railsPerNode: 8,
      radix: 64,
      tiers: 'auto' as const,
      oversubscription: 1,
      railOptimized: true,
      switchParts: { radix: 64, typicalPowerW: 747, priceUsd: 25_000, heightU: 1 },
      switchModule: { portsPerModule: 2, powerW: 17, priceUsd: 900 },
      nodeModule: { portsPerModule: 2, powerW: 17, priceUsd: 900 },
      cable: { powerW: 0, priceUsd: 100 },
    };
    const management = {
      devices: 1,
      nodes: 1,
      oob: { radix: 48, typicalPowerW: 50, priceUsd: 2000, heightU: 1 },
      inband: { radix: 32, typicalPowerW: 300, priceUsd: 15_000, heightU: 1 },
      cable: { powerW: 0, priceUsd: 10 },
    };
    const one = sizeClusterNetwork({
      compute: { ...fabric, nodes: 1 },
      storage: null,
      management,
    });
    expect([one.compute.switches, one.compute.transceivers, one.compute.priceUsd]).toEqual([
      0, 0, 0,
    ]);
    expect(one.switches).toBe(one.management.switches);
    const two = sizeClusterNetwork({
      compute: { ...fabric, nodes: 2 },
      storage: null,
      management: { ...management, devices: 2, nodes: 2 },
    });
    expect(two.compute.switches).toBeGreaterThan(0);
    expect(two.priceUsd).toBeGreaterThan(one.priceUsd);
    // A compute fabric sized beforehand (model/build shares one across storage variants) gives
    // the same network.
    for (const nodes of [1, 2, 300]) {
      const input = {
        compute: { ...fabric, nodes },
        storage: { ...fabric, nodes: 40 },
        management: { ...management, devices: nodes + 40, nodes },
      };
      expect(sizeClusterNetwork(input, sizeComputeFabric(input.compute))).toEqual(
        sizeClusterNetwork(input),
      );
    }
  });

  it('management: one OOB port per device, in-band leaves keep 1/8 of ports for uplinks', () => {
    const mgmt = sizeManagement({
      devices: 100,
      nodes: 60,
      oob: { radix: 48, typicalPowerW: 98, priceUsd: 4000, heightU: 1 },
      inband: { radix: 64, typicalPowerW: 466, priceUsd: 15000, heightU: 2 },
      cable: { powerW: 0, priceUsd: 10 },
    });
    // OOB ⌈100/48⌉ = 3; in-band: 56 down per leaf → 2 leaves + ⌈2·8/64⌉ = 1 spine.
    expect([mgmt.oobSwitches, mgmt.inbandSwitches]).toEqual([3, 3]);
    expect(mgmt.powerW).toBe(3 * 98 + 3 * 466);
  });

  it('property: switches and links never decrease as nodes grow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        (nodes, rails, rail) => {
          const a = sizeFatTree({
            nodes,
            railsPerNode: rails,
            radix: 64,
            tiers: 'auto',
            oversubscription: 1,
            railOptimized: rail,
          });
          const b = sizeFatTree({
            nodes: nodes + 1,
            railsPerNode: rails,
            radix: 64,
            tiers: 'auto',
            oversubscription: 1,
            railOptimized: rail,
          });
          expect(b.switches).toBeGreaterThanOrEqual(a.switches);
          expect(b.links).toBeGreaterThanOrEqual(a.links);
          expect(a.links).toBe(a.hostLinks + a.leafSpineLinks + a.spineCoreLinks);
          expect(a.switches).toBe(a.leafSwitches + a.spineSwitches + a.coreSwitches);
        },
      ),
      { numRuns: 300 },
    );
  });
});
