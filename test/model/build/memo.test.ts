import { describe, expect, it } from 'vitest';
import { liquidChangesSystem, resolveBuild } from '../../../model/build';
import type { ResolvedBuild } from '../../../model/build';
import { builtinCatalog, mergeUserCatalog, userCatalogSchema } from '../../../model/catalog';
import type { Scenario } from '../../../model/scenario';
import { buildScenario } from './helpers';

/**
 * The resolution memos key on section objects (a design search shares them between candidates):
 * a build that shares some sections with an earlier one must resolve exactly as a fresh copy of
 * itself does.
 */
function fresh(s: Scenario): ResolvedBuild {
  const copy = structuredClone(s);
  const b = resolveBuild(copy, builtinCatalog());
  if (b === null) throw new Error('no system');
  return b;
}

function resolved(s: Scenario, catalog = builtinCatalog()): ResolvedBuild {
  const b = resolveBuild(s, catalog);
  if (b === null) throw new Error('no system');
  return b;
}

const base = buildScenario(
  {
    compute: { acceleratorId: 'h100-sxm', gpus: 1024, gpusPerNode: 8 },
    network: { scaleOut: { fabric: 'infiniband', gbpsPerGpu: 400 } },
  },
  { electricityId: 'us-texas' },
);

describe('resolveBuild memos', () => {
  it('a build sharing storage, facility and finance objects but faster links resolves as a fresh copy', () => {
    const first = resolved(base);
    const faster: Scenario = {
      ...base,
      cluster: {
        ...base.cluster,
        network: { scaleOut: { ...base.cluster.network.scaleOut, gbpsPerGpu: 800 } },
      },
    };
    const second = resolved(faster);
    expect(second.network.bom.priceUsd).toBe(fresh(faster).network.bom.priceUsd);
    expect(second.network.bom.priceUsd).not.toBe(first.network.bom.priceUsd);
    // The first build, asked again, is unchanged.
    expect(resolved(base).network.bom.priceUsd).toBe(first.network.bom.priceUsd);
  });

  it('a build sharing the facility object with another accelerator gets its own site terms', () => {
    const h100 = resolved(base);
    const b200: Scenario = {
      ...base,
      cluster: {
        ...base.cluster,
        compute: { ...base.cluster.compute, acceleratorId: 'b200' },
      },
    };
    const b = resolved(b200);
    expect(b.finance.cloudPerGpuHour).toBe(fresh(b200).finance.cloudPerGpuHour);
    expect(b.finance.cloudPerGpuHour).not.toBe(h100.finance.cloudPerGpuHour);
    expect(b.node.price).toBe(fresh(b200).node.price);
  });

  it('the same sections under another catalog (a user switch price) are resolved again, marked user', () => {
    const before = resolved(base);
    const cheaper = mergeUserCatalog(
      builtinCatalog(),
      userCatalogSchema.parse({
        entries: [
          {
            kind: 'switch',
            id: before.network.switchId,
            date: '2026-11-01',
            source: 'quote',
            fields: { priceUsd: 1 },
          },
        ],
      }),
    );
    const after = resolved(base, cheaper);
    expect(after.network.bom.priceUsd).toBeLessThan(before.network.bom.priceUsd);
    const price = after.assumptions.find((a) => a.key === 'network.bom.switchPrice');
    expect(price?.prov).toMatchObject({ kind: 'catalog', user: true });
    const builtin = resolved(base).assumptions.find((a) => a.key === 'network.bom.switchPrice');
    expect(builtin?.prov).toMatchObject({ kind: 'catalog', user: false });
  });

  it('a numbers-only resolution gives the same build, and the same assumptions when they are read', () => {
    const withProvenance = fresh(base);
    const copy = structuredClone(base);
    const numbersOnly = resolveBuild(copy, builtinCatalog(), { provenance: false });
    if (numbersOnly === null) throw new Error('no system');
    const { assumptions: _a, ...numbers } = numbersOnly;
    const { assumptions: _b, ...expected } = withProvenance;
    expect(numbers).toEqual(expected);
    expect(numbersOnly.assumptions).toEqual(withProvenance.assumptions);
    expect(numbersOnly.assumptions.length).toBeGreaterThan(40);
  });

  it('air and rear-door cooling share one hardware resolution and give the build of a fresh copy', () => {
    const under = (coolingType: string): Scenario => ({
      ...base,
      facility: { ...base.facility, coolingType } as Scenario['facility'],
    });
    const air = resolved(under('air'));
    const rearDoor = under('rear-door');
    const b = resolved(rearDoor);
    expect(b.node).toBe(air.node);
    expect(b.facility.pue).not.toBe(air.facility.pue);
    const { assumptions: _a, ...numbers } = b;
    const { assumptions: _b, ...expected } = fresh(rearDoor);
    expect(numbers).toEqual(expected);
    expect(b.assumptions).toEqual(fresh(rearDoor).assumptions);
  });

  it('storage variants of one hardware (its storage-independent part resolved once) resolve as fresh copies, numbers only or not, for either workload kind', () => {
    // The same compute, network and finance objects, five storage sections: the system, NICs,
    // optics and compute switch are resolved once; tiers, cache drives and the storage network
    // per section. Sizes whose storage servers change the storage and management networks.
    const variants: Scenario['cluster']['storage'][] = [
      {
        ...base.cluster.storage,
        nodeCache: { ...base.cluster.storage.nodeCache, drivesPerNode: 0 },
      },
      {
        ...base.cluster.storage,
        nodeCache: { ...base.cluster.storage.nodeCache, drivesPerNode: 8 },
      },
      {
        ...base.cluster.storage,
        dataTier: {
          ...base.cluster.storage.dataTier,
          kind: 'parallel-fs',
          capacityTB: 4000,
          readGBps: 800,
        },
      },
      {
        ...base.cluster.storage,
        dataTier: {
          ...base.cluster.storage.dataTier,
          kind: 'object-store',
          capacityTB: 20000,
          readGBps: 100,
        },
      },
      base.cluster.storage,
    ];
    const rackUnits = new Set<number>();
    // Each storage section under every cooling too (numbers only, the storage part is shared
    // by the hardware of the coolings that need the same nodes).
    const facilities = (['air', 'direct-liquid', 'immersion'] as const).map(
      (coolingType) => ({ ...base.facility, coolingType }) as Scenario['facility'],
    );
    // Both workload kinds on the same sections (the kind sizes the storage tiers only; numbers
    // only, the first hardware of a core lends the rest to its other storage sections).
    const workloads = [base.workload, { kind: 'serving' } as unknown as Scenario['workload']];
    for (const provenance of [false, true]) {
      for (const [storage, facility, workload] of variants.flatMap((v) =>
        facilities.flatMap((f) => workloads.map((w) => [v, f, w] as const)),
      )) {
        const s: Scenario = { ...base, workload, cluster: { ...base.cluster, storage }, facility };
        const b = resolveBuild(s, builtinCatalog(), { provenance });
        if (b === null) throw new Error('no system');
        const expected = fresh(s);
        const { assumptions: _a, ...numbers } = b;
        const { assumptions: _b, ...want } = expected;
        expect(numbers).toEqual(want);
        expect(b.assumptions).toEqual(expected.assumptions);
        rackUnits.add(b.storage.dataTier.rackUnits);
      }
    }
    // The variants do change the storage network's input (else the test would not reach it).
    expect(rackUnits.size).toBeGreaterThan(1);
  });

  it('direct-liquid cooling shares the air hardware unless it buys another chassis, and resolves as a fresh copy', () => {
    // One compute section per accelerator and system (the memos key on section objects).
    const computes = new Map<string, Scenario['cluster']['compute']>();
    const under = (acceleratorId: string, coolingType: string, systemId = 'auto'): Scenario => {
      const k = `${acceleratorId}|${systemId}`;
      const compute = computes.get(k) ?? { ...base.cluster.compute, acceleratorId, systemId };
      computes.set(k, compute);
      return {
        ...base,
        cluster: { ...base.cluster, compute },
        facility: { ...base.facility, coolingType } as Scenario['facility'],
      };
    };
    // H100 has air-cooled systems only (the same system either way); B200 has the liquid-cooled
    // HGX beside the air-cooled DGX; a named system is bought whatever the cooling.
    const cases: [string, string, boolean][] = [
      ['h100-sxm', 'auto', true],
      ['b200', 'auto', false],
      ['b200', resolved(under('b200', 'air')).system.id, true],
    ];
    for (const [acc, systemId, shared] of cases) {
      const air = resolved(under(acc, 'air', systemId));
      const liquidScenario = under(acc, 'direct-liquid', systemId);
      const liquid = resolveBuild(liquidScenario, builtinCatalog(), { provenance: false });
      if (liquid === null) throw new Error('no system');
      if (shared) expect(liquid.node, acc).toBe(air.node);
      else expect(liquid.system.id, acc).not.toBe(air.system.id);
      const { assumptions: _a, ...numbers } = liquid;
      const { assumptions: _b, ...want } = fresh(liquidScenario);
      expect(numbers).toEqual(want);
      expect(liquid.assumptions).toEqual(fresh(liquidScenario).assumptions);
    }
  });

  it('whether direct liquid changes the system is known per catalog and accelerator', () => {
    const catalog = builtinCatalog();
    expect(liquidChangesSystem(catalog, 'h100-sxm')).toBe(false);
    expect(liquidChangesSystem(catalog, 'b200')).toBe(true);
    expect(liquidChangesSystem(catalog, 'h100-sxm')).toBe(false);
    // A user catalog that makes B200's liquid-cooled chassis air-cooled: another catalog, another
    // answer (and the built-in one's is kept).
    const liquidB200 = resolved({
      ...base,
      cluster: { ...base.cluster, compute: { ...base.cluster.compute, acceleratorId: 'b200' } },
      facility: { ...base.facility, coolingType: 'direct-liquid' } as Scenario['facility'],
    }).system.id;
    const allAir = mergeUserCatalog(
      catalog,
      userCatalogSchema.parse({
        entries: [
          { kind: 'system', id: liquidB200, date: '2026-11-01', fields: { cooling: 'air' } },
        ],
      }),
    );
    expect(liquidChangesSystem(allAir, 'b200')).toBe(false);
    expect(liquidChangesSystem(catalog, 'b200')).toBe(true);
  });

  it('the storage network, sized once per storage hosts, fabric kind and prices, is each build’s own', () => {
    const withNetwork = (
      fabric: 'infiniband' | 'roce',
      gbpsPerGpu: number,
      fxPerUsd: number,
    ): Scenario => ({
      ...base,
      cluster: {
        ...base.cluster,
        network: { scaleOut: { ...base.cluster.network.scaleOut, fabric, gbpsPerGpu } },
      },
      finance: { ...base.finance, fxPerUsd },
    });
    const variants = [
      withNetwork('infiniband', 400, 1),
      withNetwork('roce', 400, 1),
      withNetwork('infiniband', 800, 1),
      withNetwork('infiniband', 400, 0.5),
      // More storage servers on the storage network.
      {
        ...base,
        cluster: {
          ...base.cluster,
          storage: {
            ...base.cluster.storage,
            dataTier: { ...base.cluster.storage.dataTier, capacityTB: 20000 },
          },
        },
      },
    ];
    const storageOf = (s: Scenario, catalog = builtinCatalog()) => {
      const bom = resolved(s, catalog).network.bom;
      expect(bom.storage).not.toBeNull();
      return bom;
    };
    for (const v of variants) storageOf(v);
    for (const v of variants) {
      // A catalog object of its own starts with empty memos: the sizes a fresh copy gets.
      expect(storageOf(v)).toEqual(storageOf(structuredClone(v), { ...builtinCatalog() }));
    }
    const [ib, roce, faster, cheaper, larger] = variants.map((v) => storageOf(v).storage);
    expect(roce).not.toEqual(ib);
    expect(larger).not.toEqual(ib);
    expect(cheaper).not.toEqual(ib);
    expect(faster).toEqual(ib);
  });
});
