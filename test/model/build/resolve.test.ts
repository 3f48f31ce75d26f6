import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeProvenance } from '../../../model/build';
import type { ResolvedBuild } from '../../../model/build';
import { ACCELERATORS, builtinCatalog, getItem, mergeUserCatalog } from '../../../model/catalog';
import type { UserCatalog } from '../../../model/catalog';
import { costOfBuild } from '../../../model/cost';
import { IDLE_ACTIVITY, powerOfBuild } from '../../../model/power';
import type { GpuActivity } from '../../../model/power';
import { buildOf } from './helpers';

const TRAINING: GpuActivity = { ...IDLE_ACTIVITY, idle: 0, matrix: 0.9, wait: 0.1 };

function money(b: ResolvedBuild) {
  const p = powerOfBuild(b, { gpusActive: b.gpus, activity: TRAINING, capW: null });
  const c = costOfBuild(b, p, {
    tokensPerSecond: 1e6,
    timeToTrainS: 86400,
    rentalPerGpuHour: null,
    servingGpus: null,
  });
  return { p, c };
}

/** A user catalog entry that sets one item's price (USD). */
function priceEntry(kind: string, id: string, priceUsd: number): UserCatalog['entries'][number] {
  return {
    kind,
    id,
    date: '2026-01',
    source: 'test',
    fields: { priceUsd },
  } as UserCatalog['entries'][number];
}

describe('resolveBuild', () => {
  it('every catalog accelerator has a system and, in a default build, finite power, capex and TCO', () => {
    for (const a of ACCELERATORS) {
      const perNode = a.scaleUpDomainGpus.value >= 72 ? 72 : 8;
      const b = buildOf(a.id, perNode * 4, { gpusPerNode: perNode });
      expect(b.accelerator.id).toBe(a.id);
      const { p, c } = money(b);
      for (const v of [
        p.it.runningTotalKw,
        p.it.peakTotalKw,
        c.cost.capex.totalUsd,
        c.cost.tcoUsd,
      ]) {
        expect(Number.isFinite(v), a.id).toBe(true);
        expect(v, a.id).toBeGreaterThan(0);
      }
    }
  });

  it('800 Gb/s per GPU buys faster NICs, optics and switches: capex and the switch count change', () => {
    const at = (gbps: number) => buildOf('h100-sxm', 1024, { gbpsPerGpu: gbps });
    const b400 = at(400);
    const b800 = at(800);
    expect(b400.node.scaleOutNicId).toBe('connectx-7');
    expect(b800.node.scaleOutNicId).toBe('connectx-8');
    expect(b800.network.switchId).toBe('q3400');
    expect(b800.network.bom.switches).not.toBe(b400.network.bom.switches);
    expect(money(b800).c.cost.capex.totalUsd).toBeGreaterThan(money(b400).c.cost.capex.totalUsd);
    expect(b800.node.price).toBeGreaterThan(b400.node.price);
  });

  it('a user NIC price changes the NICs a build buys, not the stock NICs inside a catalog system price', () => {
    const nicPrice = (entries: UserCatalog['entries']) =>
      getItem(mergeUserCatalog(builtinCatalog(), { entries }), 'nic', 'connectx-7').priceUsd.value;
    const builtin = nicPrice([]);
    const raised = [priceEntry('nic', 'connectx-7', 1e5)];
    expect(nicPrice(raised)).toBe(1e5);
    // The stock NICs kept: the node costs the NICs' price rise more, and no less than before.
    const base400 = buildOf('h100-sxm', 64, { gbpsPerGpu: 400 });
    const dear400 = buildOf('h100-sxm', 64, { gbpsPerGpu: 400, userCatalog: { entries: raised } });
    expect(dear400.node.scaleOutNicId).toBe('connectx-7');
    expect(dear400.node.price - base400.node.price).toBeCloseTo(8 * (1e5 - builtin), 6);
    // Faster NICs replace the stock ones: their built-in price comes off, so a dearer stock NIC
    // leaves the node price as it was (it used to go negative and stop the evaluation).
    const base800 = buildOf('h100-sxm', 64, { gbpsPerGpu: 800 });
    const dear800 = buildOf('h100-sxm', 64, { gbpsPerGpu: 800, userCatalog: { entries: raised } });
    expect(dear800.node.scaleOutNicId).toBe('connectx-8');
    expect(dear800.node.price).toBe(base800.node.price);
    expect(dear800.node.price).toBeGreaterThan(0);
  });

  it('a node price that cannot hold its stock NICs is refused, naming the field', () => {
    // A quoted node price of 1,000 USD holds eight 400G NICs at 2,000 USD; replacing them with
    // 800G NICs quoted at 1 USD would make the node cost less than nothing.
    const freeNics = priceEntry('nic', 'connectx-8', 1);
    const quote = (finance: unknown, entries: UserCatalog['entries']) =>
      buildOf('h100-sxm', 64, { gbpsPerGpu: 800, finance, userCatalog: { entries } });
    expect(() => quote({ systemPriceUsd: 1000 }, [freeNics])).toThrow(
      /^finance\.systemPriceUsd: one node at 1,000 USD does not cover the 8 stock scale-out NICs it includes \(.*2,000 USD each\), which the build replaces with 8 × .* at 1 USD each/,
    );
    const cheapSystem = priceEntry('system', 'dgx-h100', 1000);
    expect(() => quote({}, [cheapSystem, freeNics])).toThrow(
      /^userCatalog\.entries\[0\]: system "dgx-h100" at 1,000 USD a node does not cover/,
    );
    // The same quotes with the NICs at their catalog price, or a node price that covers the
    // stock NICs, are accepted.
    expect(quote({ systemPriceUsd: 1000 }, []).node.price).toBeGreaterThan(0);
    expect(quote({ systemPriceUsd: 20_000 }, [freeNics]).node.price).toBeGreaterThan(0);
  });

  it('property: buying more never costs less (Gb/s per GPU, cache drives, tier bandwidth and capacity, GPUs)', () => {
    const gbps = fc.constantFrom(100, 200, 400, 800, 1600);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 256 }),
        gbps,
        gbps,
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 0, max: 16 }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        (nodes, g1, g2, d1, d2, x, y) => {
          const [glo, ghi] = g1 <= g2 ? [g1, g2] : [g2, g1];
          const [dlo, dhi] = d1 <= d2 ? [d1, d2] : [d2, d1];
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          const capex = (o: Parameters<typeof buildOf>[2]) =>
            money(buildOf('h100-sxm', nodes * 8, o)).c.cost.capex.totalUsd;
          expect(capex({ gbpsPerGpu: ghi })).toBeGreaterThanOrEqual(capex({ gbpsPerGpu: glo }));
          const cache = (d: number) => ({ nodeCache: { drivesPerNode: d } });
          expect(capex({ storage: cache(dhi) })).toBeGreaterThanOrEqual(
            capex({ storage: cache(dlo) }),
          );
          const tier = (k: 'readGBps' | 'capacityTB', v: number) => ({ dataTier: { [k]: v } });
          expect(capex({ storage: tier('readGBps', hi) })).toBeGreaterThanOrEqual(
            capex({ storage: tier('readGBps', lo) }),
          );
          expect(capex({ storage: tier('capacityTB', hi) })).toBeGreaterThanOrEqual(
            capex({ storage: tier('capacityTB', lo) }),
          );
          expect(capex({ gbpsPerGpu: glo, compute: {} })).toBeLessThanOrEqual(
            money(buildOf('h100-sxm', (nodes + 1) * 8, { gbpsPerGpu: glo })).c.cost.capex.totalUsd,
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('property: a faster NIC never lowers network power at the same fat-tree tiers', () => {
    fc.assert(
      // Up to 256 nodes of 8: every speed's switch holds them in two tiers.
      fc.property(
        fc.integer({ min: 2, max: 256 }),
        fc.constantFrom(2, 3),
        fc.constantFrom<('infiniband' | 'roce')[]>('infiniband', 'roce'),
        (nodes, tiers, fabric) => {
          let last = -Infinity;
          for (const gbps of [100, 200, 400, 800]) {
            const b = buildOf('h100-sxm', nodes * 8, {
              gbpsPerGpu: gbps,
              fabric,
              scaleOut: { fatTreeTiers: tiers },
            });
            const kw = powerOfBuild(b, { gpusActive: b.gpus, activity: TRAINING, capW: null }).it
              .networkKw;
            expect(kw).toBeGreaterThanOrEqual(last - 1e-9);
            last = kw;
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('node cache drives beyond the stock data drives are bought and powered', () => {
    const none = buildOf('h100-sxm', 64);
    const stock = buildOf('h100-sxm', 64, { storage: { nodeCache: { drivesPerNode: 8 } } });
    const more = buildOf('h100-sxm', 64, { storage: { nodeCache: { drivesPerNode: 12 } } });
    expect(stock.node.extraCacheDrives).toBe(0);
    expect(stock.node.price).toBe(none.node.price);
    expect(more.node.extraCacheDrives).toBe(4);
    expect(more.node.price - none.node.price).toBeCloseTo(
      4 * more.storage.cacheDrivesPerNode * 0 + 4 * (150 * 3.84),
      6,
    );
  });

  it('a storage tier is sized for its capacity and read bandwidth and priced from the catalog', () => {
    const small = buildOf('h100-sxm', 64, {
      storage: { dataTier: { capacityTB: 250, readGBps: 10 } },
    });
    expect(small.storage.dataTier.rackUnits).toBe(1);
    expect(small.storage.dataTier.price).toBeCloseTo(250 * 400, 6);
    const fast = buildOf('h100-sxm', 64, {
      storage: { dataTier: { capacityTB: 250, readGBps: 450 } },
    });
    expect(fast.storage.dataTier.rackUnits).toBe(10); // 45 GB/s per U
    expect(fast.storage.dataTier.powerW).toBeGreaterThan(small.storage.dataTier.powerW);
    const stated = buildOf('h100-sxm', 64, {
      storage: { dataTier: { priceUsd: 123456, powerW: 789 } },
    });
    expect([stated.storage.dataTier.price, stated.storage.dataTier.powerW]).toEqual([123456, 789]);
  });

  it('a direct-liquid facility picks a liquid-cooled chassis where the catalog has one', () => {
    const b = buildOf('gb200', 72, { gpusPerNode: 72, facility: { coolingType: 'direct-liquid' } });
    expect(b.system.cooling).toBe('liquid');
  });

  it('every value has its provenance; catalog values name their sources and date', () => {
    const b = buildOf('h100-sxm', 1024, { facility: { priceUsdPerKwh: 0.12 } });
    const keys = new Set<string>();
    for (const a of b.assumptions) {
      expect(keys.has(a.key), a.key).toBe(false);
      keys.add(a.key);
      expect(describeProvenance(a.prov).length).toBeGreaterThan(5);
      if (a.prov.kind === 'catalog') {
        expect(a.prov.sources.length, a.key).toBeGreaterThan(0);
        expect(a.prov.date, a.key).toMatch(/^\d{4}/);
      }
    }
    const price = b.assumptions.find((a) => a.key === 'facility.electricityPerKwh');
    expect(price?.prov).toEqual({ kind: 'scenario', path: 'facility.priceUsdPerKwh' });
    expect(price?.value).toBe(0.12);
    const pue = b.assumptions.find((a) => a.key === 'facility.pue');
    expect(pue?.prov.kind).toBe('catalog');
  });

  it('EUR catalog tariffs convert through USD into any scenario currency; money units name it', () => {
    const usd = buildOf('h100-sxm', 64, { facility: { electricityId: 'eu-finland-h1-2024' } });
    const jpy = buildOf('h100-sxm', 64, {
      facility: { electricityId: 'eu-finland-h1-2024' },
      finance: { currency: 'JPY', fxPerUsd: 150 },
    });
    expect(jpy.facility.electricityPerKwh).toBeCloseTo(usd.facility.electricityPerKwh * 150, 9);
    const eur = buildOf('h100-sxm', 64, {
      facility: { electricityId: 'eu-finland-h1-2024' },
      finance: { currency: 'EUR', fxPerUsd: 0.92 },
    });
    expect(eur.facility.electricityPerKwh).toBeCloseTo(0.0939, 9);
    expect(jpy.assumptions.find((a) => a.key === 'node.price')?.unit).toBe('JPY');
  });
});
