import { describe, expect, it } from 'vitest';
import { builtinCatalog, getItem, mergeUserCatalog } from '../../../model/catalog';
import type { UserEntry } from '../../../model/catalog';
import { parseScenarioOrThrow } from '../../../model/scenario';
import type { Scenario } from '../../../model/scenario';
import {
  candidateChoice,
  candidateName,
  searchAccelerators,
  searchAll,
} from '../../../model/search';
import { smallBase, spaceOf } from './fixtures';
import { acmeX1Accelerator } from '../../fixtures/userEntries';

/**
 * Issue 22 point 8: the design search offers the scenario's user accelerators beside the
 * built-in ones, once a catalog system (built-in or user) holds them, named in words.
 */

const accelerator: UserEntry = acmeX1Accelerator();

/** A user system holding the Acme X1: the HGX H100 OEM server's parts and numbers. */
function systemEntry(): UserEntry {
  const hgx = getItem(builtinCatalog(), 'system', 'hgx-h100-oem');
  const fields: UserEntry['fields'] = {};
  for (const [k, v] of Object.entries(hgx)) {
    if (k === 'id') continue;
    fields[k] =
      typeof v === 'object' && v !== null && 'value' in v && 'basis' in v
        ? (v as { value: number }).value
        : (v as UserEntry['fields'][string]);
  }
  return {
    kind: 'system',
    id: 'acme-x1-server',
    date: '2026-11-26',
    source: 'Acme quote',
    fields: { ...fields, name: 'Acme X1 server', acceleratorId: 'acme-x1', priceUsd: 300000 },
  };
}

function baseWith(entries: readonly UserEntry[]): Scenario {
  const b = smallBase();
  return parseScenarioOrThrow({ ...b, userCatalog: { entries } });
}

describe('design search over user accelerators', () => {
  it('lists a user accelerator when a system holds it, and not when none does', () => {
    const withSystem = searchAccelerators(
      mergeUserCatalog(builtinCatalog(), { entries: [accelerator, systemEntry()] }),
    );
    expect(withSystem.find((a) => a.id === 'acme-x1')).toEqual({
      id: 'acme-x1',
      name: 'Acme X1',
      platform: 'Acme X1 server',
      liquidPlatform: null,
      user: true,
    });
    const alone = searchAccelerators(
      mergeUserCatalog(builtinCatalog(), { entries: [accelerator] }),
    );
    expect(alone.some((a) => a.id === 'acme-x1')).toBe(false);
    // The built-in ones are all there either way, and none is a user entry.
    const builtin = searchAccelerators();
    expect(alone.map((a) => a.id)).toEqual(builtin.map((a) => a.id));
    expect(builtin.every((a) => !a.user)).toBe(true);
  });

  it('a built-in system made to hold a user accelerator puts it in the space too', () => {
    const override: UserEntry = {
      kind: 'system',
      id: 'dgx-h100',
      date: '2026-11-26',
      source: 'quote',
      fields: { acceleratorId: 'acme-x1' },
    };
    const list = searchAccelerators(
      mergeUserCatalog(builtinCatalog(), { entries: [accelerator, override] }),
    );
    expect(list.find((a) => a.id === 'acme-x1')?.platform).toBe('NVIDIA DGX H100 (8x H100 SXM)');
  });

  it('a search over it names its builds in words and prices them', () => {
    const base = baseWith([accelerator, systemEntry()]);
    const space = spaceOf(
      {
        goal: 'tco_usd',
        horizonYears: 3,
        space: { acceleratorIds: ['h100-sxm', 'acme-x1'], gpuCounts: [16, 32] },
      },
      base,
    );
    expect(space.total).toBe(4);
    const acme = candidateChoice(space, 2);
    expect(acme).toMatchObject({
      acceleratorId: 'acme-x1',
      acceleratorName: 'Acme X1',
      platformName: 'Acme X1 server',
      gpusPerNode: 8,
      nodes: 2,
    });
    expect(candidateName(acme)).toMatch(/^2 × Acme X1 server, 16 GPUs · /);
    const r = searchAll(space);
    const found = [...r.best, ...r.nearMisses].filter((c) => c.choice.acceleratorId === 'acme-x1');
    expect(found.length).toBe(2);
    for (const c of found) {
      expect(c.error).toBeNull();
      for (const id of ['tco_usd', 'capex_usd', 'facility_power_kw'] as const) {
        const v = c.figures[id];
        expect(typeof v === 'number' && Number.isFinite(v) && v > 0, `${c.name} ${id}`).toBe(true);
      }
    }
  });

  it('without a system for it, the spec names the accelerator and the reason', () => {
    const base = baseWith([accelerator]);
    expect(() =>
      spaceOf({ goal: 'tco_usd', space: { acceleratorIds: ['acme-x1'] } }, base),
    ).toThrow(/space\.acceleratorIds\[0\]: no system for "acme-x1"/);
    expect(() =>
      spaceOf({ goal: 'tco_usd', space: { acceleratorIds: ['acme-x2'] } }, base),
    ).toThrow(/unknown accelerator "acme-x2"/);
  });
});
