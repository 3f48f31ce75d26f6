import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinCatalog, listItems } from '../../../model/catalog';
import { ACCELERATORS } from '../../../model/catalog/accelerators';
import { prepareSearch } from '../../../model/search';
import {
  DEFAULT_FORM,
  candidateCount,
  catalogOfDoc,
  formToSpec,
  frontAxisDomain,
  parseNumberList,
  searchableAccelerators,
  searchableRegions,
} from '../../../renderer/features/search/searchForm';
import { acmeX1Accelerator } from '../../fixtures/userEntries';

const base = JSON.parse(
  readFileSync(
    new URL('../../../examples/pretrain-llama3-70b-1024xh100-ib.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>;

describe('search form', () => {
  it('parses number lists and names the bad entry', () => {
    expect(parseNumberList('512, 1024 2048;512', { integer: true, min: 1, max: 1e6 })).toEqual({
      ok: true,
      values: [512, 1024, 2048],
    });
    expect(parseNumberList('512, 1.5', { integer: true, min: 1, max: 1e6 })).toEqual({
      ok: false,
      error: '"1.5" is not a whole number',
    });
    expect(parseNumberList('', { integer: true, min: 1, max: 10 }).ok).toBe(false);
    expect(parseNumberList('20', { integer: true, min: 1, max: 10 })).toEqual({
      ok: false,
      error: '20 is outside 1 to 10',
    });
  });

  it('offers every catalog accelerator on its platform and every priced region', () => {
    const acc = searchableAccelerators();
    expect(acc.map((a) => a.id)).toEqual(ACCELERATORS.map((a) => a.id));
    expect(acc.find((a) => a.id === 'gb200')?.platform).toBe('NVIDIA GB200 NVL72 rack (DGX GB200)');
    expect(acc.find((a) => a.id === 'b200')?.platform).toMatch(/DGX B200.*liquid-cooled: HGX B200/);
    const regions = searchableRegions();
    expect(regions.map((r) => r.id)).toEqual(
      listItems(builtinCatalog(), 'electricity').map((e) => e.id),
    );
    expect(regions.every((r) => r.pricePerKwh > 0)).toBe(true);
    expect(regions.find((r) => r.id === 'eu-germany')).toMatchObject({
      currency: 'EUR',
      region: { electricityId: 'eu-germany', carbonId: 'germany-2023' },
    });
    // A form over every accelerator and region is a valid search.
    const conv = formToSpec(
      { ...DEFAULT_FORM, acceleratorIds: acc.map((a) => a.id), regions: regions.map((r) => r.id) },
      base,
    );
    if (!conv.ok) throw new Error(JSON.stringify(conv.errors));
    const prep = prepareSearch(conv.spec);
    if (!prep.ok) throw new Error(prep.message);
    expect(prep.space.axes.regions).toHaveLength(regions.length);
    expect(prep.space.axes.accelerators).toHaveLength(acc.length);
  });

  it('offers the base scenario’s user accelerator once a system holds it, by its name', () => {
    const acc = acmeX1Accelerator('datasheet');
    const holder = {
      kind: 'system',
      id: 'dgx-h100',
      date: '2026-11-26',
      source: 'quote',
      fields: { acceleratorId: 'acme-x1' },
    };
    const alone = searchableAccelerators(catalogOfDoc({ userCatalog: { entries: [acc] } }));
    expect(alone.some((a) => a.id === 'acme-x1')).toBe(false);
    const doc = { ...base, userCatalog: { entries: [acc, holder] } };
    const offered = searchableAccelerators(catalogOfDoc(doc));
    expect(offered.find((a) => a.id === 'acme-x1')).toEqual({
      id: 'acme-x1',
      label: 'Acme X1 (your entry)',
      platform: 'NVIDIA DGX H100 (8x H100 SXM)',
    });
    // Invalid entries: the built-in list.
    expect(catalogOfDoc({ userCatalog: { entries: [{ kind: 'cpu' }] } })).toBe(builtinCatalog());
    const conv = formToSpec({ ...DEFAULT_FORM, acceleratorIds: ['acme-x1'] }, doc);
    if (!conv.ok) throw new Error(JSON.stringify(conv.errors));
    const prep = prepareSearch(conv.spec);
    if (!prep.ok) throw new Error(prep.message);
    expect(prep.space.axes.accelerators.map((a) => a.name)).toEqual(['Acme X1']);
  });

  it('turns the default form into a valid spec over the base, limits converted', () => {
    const conv = formToSpec({ ...DEFAULT_FORM, maxCapexMUsd: 40, tokensToTrainB: 1000 }, base);
    if (!conv.ok) throw new Error(JSON.stringify(conv.errors));
    const prep = prepareSearch(conv.spec);
    if (!prep.ok) throw new Error(prep.message);
    expect(prep.space.total).toBe(candidateCount(DEFAULT_FORM));
    expect(prep.space.spec.constraints).toEqual({
      maxTimeToTrainDays: 30,
      maxFacilityPowerMW: 5,
      maxCapexUsd: 40e6,
    });
    expect(prep.space.spec.tokensToTrain).toBe(1e12);
    expect(prep.space.spec.horizonYears).toBe(3);
  });

  it('reports empty choices and bad lists by field', () => {
    const conv = formToSpec({ ...DEFAULT_FORM, fabrics: [], gpuCounts: '512, x' }, base);
    expect(conv.ok).toBe(false);
    if (!conv.ok) {
      expect(conv.errors.fabrics).toMatch(/at least one/);
      expect(conv.errors.gpuCounts).toMatch(/"x"/);
    }
    expect(candidateCount({ ...DEFAULT_FORM, gpuCounts: 'x' })).toBeNull();
  });
});

describe('frontAxisDomain', () => {
  it('gives a front of one build an axis wide enough for distinct 3-digit ticks', () => {
    const [lo, hi] = frontAxisDomain([36_512_345]);
    expect(lo).toBeLessThan(36_512_345);
    expect(hi).toBeGreaterThan(36_512_345);
    // Five ticks over the domain differ at three significant digits.
    const ticks = [0, 1, 2, 3, 4].map((i) => lo + ((hi - lo) * i) / 4);
    expect(new Set(ticks.map((t) => t.toPrecision(3))).size).toBe(5);
  });

  it('pads a range by a tenth each side and keeps a non-negative axis non-negative', () => {
    expect(frontAxisDomain([10, 20])).toEqual([9, 21]);
    expect(frontAxisDomain([0, 5])[0]).toBe(0);
    expect(frontAxisDomain([-4, 6])).toEqual([-5, 7]);
  });

  it('ignores non-finite values and falls back to [0, 1] without any', () => {
    expect(frontAxisDomain([])).toEqual([0, 1]);
    expect(frontAxisDomain([Number.NaN, Infinity])).toEqual([0, 1]);
    expect(frontAxisDomain([Number.NaN, 3, 5])).toEqual([2.8, 5.2]);
  });
});
