import { describe, expect, it } from 'vitest';
import {
  ACCELERATORS,
  builtinCatalog,
  builtinCatalogData,
  catalogKinds,
  findItem,
  getItem,
  isUserItem,
  listItems,
  loadCatalog,
  mergeUserCatalog,
  sourcedNumbersOf,
  userCatalogSchema,
} from '../../../model/catalog/index';

const DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;

describe('built-in catalog', () => {
  it('loads and validates every kind', () => {
    const c = builtinCatalog();
    for (const kind of catalogKinds) expect(c.items[kind].size).toBeGreaterThan(0);
    expect(listItems(c, 'system').map((s) => s.id)).toContain('dgx-h100');
  });

  it('every number has a unit, at least one indexed source and a date', () => {
    const c = builtinCatalog();
    let count = 0;
    for (const kind of catalogKinds) {
      for (const item of c.items[kind].values()) {
        for (const { path, n } of sourcedNumbersOf(item)) {
          count++;
          const where = `${kind} ${item.id} ${path}`;
          // The accelerator table's few unsourced numbers (street prices from memory) are soft
          // estimates (as test/renderer/catalog checks); every other kind cites a source.
          if (kind === 'accelerator' && n.sources.length === 0)
            expect(
              n.basis === 'estimate' && n.soft,
              `${where} unsourced must be a soft estimate`,
            ).toBe(true);
          else expect(n.sources.length, where).toBeGreaterThan(0);
          for (const s of n.sources) expect(c.sources.has(s), `${where} cites ${s}`).toBe(true);
          expect(n.date, where).toMatch(DATE);
          expect(n.unit, where).not.toBe(undefined);
          expect(Number.isFinite(n.value), where).toBe(true);
          if (n.basis === 'estimate') expect(n.soft, `${where} estimate must be soft`).toBe(true);
        }
      }
    }
    expect(count).toBeGreaterThan(200);
  });

  it('keeps the published figures it was seeded with', () => {
    const c = builtinCatalog();
    expect(getItem(c, 'system', 'dgx-h100').ratedPowerW.value).toBe(10200);
    expect(getItem(c, 'system', 'dgx-b200').ratedPowerW.value).toBe(14300);
    expect(getItem(c, 'switch', 'qm9700').radix.value).toBe(64);
    expect(getItem(c, 'cooling', 'immersion').pue.value).toBeGreaterThanOrEqual(1);
    expect(getItem(c, 'colocation', 'na-primary-h2-2024').usdPerKwMonth.value).toBe(184.06);
    expect(getItem(c, 'gridCarbon', 'france-2023').gCo2PerKwh).toMatchObject({
      value: 56,
      basis: 'read',
      sources: ['owid-ci'],
    });
  });

  it('every cooling type has PUE >= 1', () => {
    for (const cool of listItems(builtinCatalog(), 'cooling'))
      expect(cool.pue.value).toBeGreaterThanOrEqual(1);
  });

  it('names the kind and the unknown id', () => {
    expect(() => getItem(builtinCatalog(), 'system', 'dgx-h999')).toThrow(
      /unknown system id "dgx-h999" \(known: .*dgx-h100/,
    );
    expect(findItem(builtinCatalog(), 'switch', 'nope')).toBeUndefined();
  });

  it('rejects an item citing a source missing from the index', () => {
    const bad = {
      ...builtinCatalogData,
      gridCarbon: [
        {
          id: 'x',
          name: 'X',
          region: 'X',
          gCo2PerKwh: {
            value: 1,
            unit: 'g',
            sources: ['nowhere'],
            date: '2024',
            basis: 'read',
            soft: false,
          },
        },
      ],
    } as unknown as typeof builtinCatalogData;
    expect(() => loadCatalog(bad)).toThrow(
      /gridCarbon "x" field gCo2PerKwh cites unknown source "nowhere"/,
    );
  });

  it('rejects a duplicate id and an invalid item, naming them', () => {
    const dup = {
      ...builtinCatalogData,
      colocation: [...builtinCatalogData.colocation, builtinCatalogData.colocation[0]!],
    };
    expect(() => loadCatalog(dup)).toThrow(/colocation id "na-primary-h2-2024" appears twice/);
    const broken = {
      ...builtinCatalogData,
      construction: [{ id: 'y', name: 'Y', region: 'Y' }],
    } as unknown as typeof builtinCatalogData;
    expect(() => loadCatalog(broken)).toThrow(/construction "y" is invalid: usdPerW/);
  });
});

describe('user catalog', () => {
  it('defaults to empty', () => {
    expect(userCatalogSchema.parse(undefined)).toEqual({ entries: [] });
    expect(mergeUserCatalog(builtinCatalog(), { entries: [] })).toBe(builtinCatalog());
  });

  it('an override wins over the built-in item and is marked user-sourced', () => {
    const user = userCatalogSchema.parse({
      entries: [
        {
          kind: 'system',
          id: 'dgx-h100',
          date: '2026-10-01',
          source: 'vendor quote Q-123',
          fields: { priceUsd: 310000 },
        },
      ],
    });
    const c = mergeUserCatalog(builtinCatalog(), user);
    const sys = getItem(c, 'system', 'dgx-h100');
    expect(sys.priceUsd).toEqual({
      value: 310000,
      unit: 'USD',
      sources: ['user'],
      date: '2026-10-01',
      basis: 'user',
      soft: false,
      note: 'vendor quote Q-123',
    });
    expect(sys.ratedPowerW.value).toBe(10200); // untouched fields stay catalogued
    expect(isUserItem(c, 'system', 'dgx-h100')).toBe(true);
    expect(isUserItem(c, 'system', 'dgx-b200')).toBe(false);
    expect(getItem(builtinCatalog(), 'system', 'dgx-h100').priceUsd.value).toBe(234500); // input unchanged
    expect(c.sources.get('user')?.kind).toBe('user');
  });

  it('adds a new item with units taken from the kind', () => {
    const user = userCatalogSchema.parse({
      entries: [
        {
          kind: 'gridCarbon',
          id: 'my-ppa',
          date: '2026',
          fields: { name: 'Our PPA', region: 'US', gCo2PerKwh: 20 },
        },
      ],
    });
    const c = mergeUserCatalog(builtinCatalog(), user);
    expect(getItem(c, 'gridCarbon', 'my-ppa').gCo2PerKwh).toMatchObject({
      value: 20,
      unit: 'gCO2e/kWh',
      basis: 'user',
    });
  });

  it('names the entry and field of an invalid user item', () => {
    const user = userCatalogSchema.parse({
      entries: [{ kind: 'colocation', id: 'new-colo', date: '2026', fields: { region: 'US' } }],
    });
    expect(() => mergeUserCatalog(builtinCatalog(), user)).toThrow(
      /userCatalog.entries\[0\] \(colocation "new-colo"\) is invalid: usdPerKwMonth/,
    );
    expect(
      userCatalogSchema.safeParse({ entries: [{ kind: 'gpu', id: 'a', date: '2026' }] }).success,
    ).toBe(false);
  });
});

describe('accelerator power agrees with the accelerator catalog', () => {
  it('every accelerator has an idle power above 0 and below its TDP; H100 uses the measured 130 W', () => {
    const c = builtinCatalog();
    expect(listItems(c, 'acceleratorPower').map((a) => a.id)).toEqual(
      ACCELERATORS.map((a) => a.id),
    );
    for (const ap of listItems(c, 'acceleratorPower')) {
      expect(ap.idleW.value, ap.id).toBeGreaterThan(0);
      expect(ap.idleW.value, ap.id).toBeLessThan(ap.tdpW.value);
    }
    expect(getItem(c, 'acceleratorPower', 'h100-sxm').idleW).toMatchObject({
      value: 130,
      basis: 'read',
      sources: ['clusterplan-h100-probe', 'gpuburn-114'],
    });
    expect(getItem(c, 'acceleratorPower', 'b200').idleW).toMatchObject({
      value: 180,
      basis: 'derived',
      sources: ['modal-glossary-b200-idle', 'parking-tax-2026'],
    });
    // Without a measurement: 20 % of TDP, an estimate.
    expect(getItem(c, 'acceleratorPower', 'gaudi3').idleW).toMatchObject({ basis: 'estimate' });
  });

  it('every system references a known accelerator, CPU, NIC, transceiver and drive', () => {
    const c = builtinCatalog();
    for (const sys of listItems(c, 'system')) {
      expect(() => getItem(c, 'acceleratorPower', sys.acceleratorId)).not.toThrow();
      expect(() => getItem(c, 'cpu', sys.cpus.id)).not.toThrow();
      for (const n of sys.nics)
        expect(findItem(c, 'nic', n.id), `${sys.id} nic ${n.id}`).toBeDefined();
      for (const t of sys.nodeTransceivers)
        expect(findItem(c, 'transceiver', t.id), `${sys.id} ${t.id}`).toBeDefined();
      for (const d of sys.drives)
        expect(findItem(c, 'drive', d.id), `${sys.id} ${d.id}`).toBeDefined();
    }
  });
});

describe('user catalog merge cache', () => {
  it('equal entries give the same merged catalog object; different entries a new one', () => {
    const mk = (price: number) =>
      userCatalogSchema.parse({
        entries: [{ kind: 'system', id: 'dgx-b200', date: '2026', fields: { priceUsd: price } }],
      });
    const a = mergeUserCatalog(builtinCatalog(), mk(1));
    expect(mergeUserCatalog(builtinCatalog(), mk(1))).toBe(a);
    const b = mergeUserCatalog(builtinCatalog(), mk(2));
    expect(b).not.toBe(a);
    expect(getItem(b, 'system', 'dgx-b200').priceUsd.value).toBe(2);
  });
});
