import { describe, expect, it } from 'vitest';
import {
  ACCELERATORS,
  ACCELERATOR_SOURCES,
  acceleratorIds,
  getAccelerator,
} from '../../../model/catalog/accelerators';
import { builtinCatalog } from '../../../model/catalog';
import { catalogSources } from '../../../model/catalog/sources';

const REQUIRED = [
  'a100-sxm-80gb',
  'h100-sxm',
  'h200-sxm',
  'b200',
  'b300',
  'gb200',
  'gb300',
  'mi300x',
  'mi325x',
  'mi355x',
  'gaudi3',
  'l40s',
  'rtx-pro-6000',
  'gaudi2',
];

describe('accelerator catalog', () => {
  it('has every id of the validation README', () => {
    for (const id of REQUIRED) expect(acceleratorIds()).toContain(id);
  });

  it('looks up by case id and by research catalog id', () => {
    expect(getAccelerator('h100-sxm').denseTflops.bf16.value).toBe(989);
    expect(getAccelerator('nvidia-h100-sxm5').id).toBe('h100-sxm');
    expect(getAccelerator('a100-sxm-80gb').catalogId).toBe('nvidia-a100-sxm4-80gb');
  });

  it('throws naming an unknown id', () => {
    expect(() => getAccelerator('tpu-v9')).toThrow(/tpu-v9/);
  });

  it('uses dense peaks, never the sparse headline (hand-checked datasheet values)', () => {
    expect(getAccelerator('a100-sxm-80gb').denseTflops.bf16.value).toBe(312);
    expect(getAccelerator('h100-sxm').denseTflops.fp8?.value).toBe(1979);
    expect(getAccelerator('b200').denseTflops.bf16.value).toBe(2250);
    expect(getAccelerator('a100-sxm-80gb').denseTflops.fp8).toBeUndefined();
  });

  it('cites only sources present in the source index, with a date', () => {
    const ids = builtinCatalog().sources;
    for (const a of ACCELERATORS) {
      const nums = [a.hbmGB, a.hbmTBps, a.tdpW, a.scaleUpDomainGpus, a.denseTflops.bf16];
      for (const n of nums) {
        expect(n.date).toMatch(/^\d{4}/);
        for (const s of n.sources) expect(ids.has(s), `${a.id} cites ${s}`).toBe(true);
      }
    }
  });

  it('adds to the source index only sources it does not already hold (one entry per source)', () => {
    const indexed = new Set(catalogSources.map((s) => s.id));
    expect(ACCELERATOR_SOURCES.filter((s) => indexed.has(s.id)).map((s) => s.id)).toEqual([]);
  });
});
