import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  acceleratorIn,
  builtinCatalog,
  getAccelerator,
  getItem,
  isUserItem,
  mergeUserCatalog,
} from '../../../model/catalog';
import type { UserEntry } from '../../../model/catalog';
import { evaluate, resolveFor, servingSectionsOf } from '../../../model/evaluate';
import { parseScenario, parseScenarioOrThrow } from '../../../model/scenario';
import type { Scenario } from '../../../model/scenario';
import { checkUserCatalog, userFields } from '../../../model/scenario/userCatalog';
import { evaluateServing } from '../../../model/serving';

/**
 * Issue 22 point 7: accelerators are a user-catalog kind. An edited accelerator's numbers reach
 * the engines (training through the context, serving through its adapter, the build resolver
 * through the merged catalog) and a new accelerator with a system for it evaluates end to end.
 */

function exampleDoc(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
}

function withEntries(
  name: string,
  entries: readonly UserEntry[],
  acceleratorId?: string,
  extra: (doc: Record<string, unknown>) => void = () => {},
): Scenario {
  const doc = structuredClone(exampleDoc(name));
  doc['userCatalog'] = { entries };
  if (acceleratorId !== undefined) {
    const compute = (doc['cluster'] as { compute: Record<string, unknown> }).compute;
    compute['acceleratorId'] = acceleratorId;
  }
  extra(doc);
  return parseScenarioOrThrow(doc);
}

const TRAINING = 'pretrain-llama3-70b-1024xh100-ib.json';
const SERVING = 'serving-llama3-70b-8xh100-fp8.json';

const entry = (id: string, fields: UserEntry['fields']): UserEntry => ({
  kind: 'accelerator',
  id,
  date: '2026-11-26',
  source: 'test datasheet',
  fields,
});

function metric(s: Scenario, id: string): number {
  const m = evaluate(s).metrics[id];
  if (!m) throw new Error(`no metric ${id}`);
  return m.value;
}

describe('user accelerators', () => {
  it('an edited number is user-sourced with the entry’s date; the others stay as catalogued', () => {
    const c = mergeUserCatalog(builtinCatalog(), {
      entries: [entry('h100-sxm', { 'denseTflops.bf16': 1500, hbmTBps: 4 })],
    });
    const a = acceleratorIn(c, 'h100-sxm');
    const builtin = getAccelerator('h100-sxm');
    expect(a.denseTflops.bf16).toMatchObject({
      value: 1500,
      unit: 'TFLOP/s',
      sources: ['user'],
      basis: 'user',
      date: '2026-11-26',
    });
    expect(a.hbmTBps).toMatchObject({ value: 4, unit: 'TB/s', basis: 'user' });
    expect(a.denseTflops.fp8).toEqual(builtin.denseTflops.fp8);
    expect(a.hbmGB).toEqual(builtin.hbmGB);
    expect(isUserItem(c, 'accelerator', 'h100-sxm')).toBe(true);
    // Power entry untouched when TDP and idle are not edited.
    expect(isUserItem(c, 'acceleratorPower', 'h100-sxm')).toBe(false);
    expect(getAccelerator('h100-sxm').denseTflops.bf16.value).toBe(989);
  });

  it('an edited TDP or idle power moves the accelerator’s power entry with it', () => {
    const c = mergeUserCatalog(builtinCatalog(), {
      entries: [entry('h100-sxm', { tdpW: 600, idlePowerW: 90 })],
    });
    const p = getItem(c, 'acceleratorPower', 'h100-sxm');
    expect(p.tdpW).toMatchObject({ value: 600, basis: 'user' });
    expect(p.idleW).toMatchObject({ value: 90, basis: 'user' });
  });

  it('an edited BF16 peak changes training throughput', () => {
    const base = metric(withEntries(TRAINING, []), 'tokens_per_s');
    const faster = metric(
      withEntries(TRAINING, [entry('h100-sxm', { 'denseTflops.bf16': 1500 })]),
      'tokens_per_s',
    );
    const slower = metric(
      withEntries(TRAINING, [entry('h100-sxm', { 'denseTflops.bf16': 600 })]),
      'tokens_per_s',
    );
    expect(faster).toBeGreaterThan(base * 1.1);
    expect(slower).toBeLessThan(base * 0.9);
  });

  it('an edited FP8 peak and HBM bandwidth change serving throughput', () => {
    const capacity = (s: Scenario) => {
      if (s.workload.kind !== 'serving') throw new Error('serving example expected');
      const w = s.workload;
      const offline = { ...w, serving: { ...w.serving, load: { mode: 'offline' as const } } };
      return evaluateServing(servingSectionsOf(s, offline)).outputTokensPerS;
    };
    const base = capacity(withEntries(SERVING, []));
    const peak = capacity(withEntries(SERVING, [entry('h100-sxm', { 'denseTflops.fp8': 400 })]));
    const hbm = capacity(withEntries(SERVING, [entry('h100-sxm', { hbmTBps: 6.7 })]));
    expect(peak).toBeLessThan(base * 0.95);
    expect(hbm).toBeGreaterThan(base * 1.05);
    // And through evaluate(): the SLO-bound throughput follows.
    expect(
      metric(withEntries(SERVING, [entry('h100-sxm', { hbmTBps: 6.7 })]), 'output_tokens_per_s'),
    ).toBeGreaterThan(metric(withEntries(SERVING, []), 'output_tokens_per_s'));
  });

  it('a new accelerator with a user system for it evaluates with finite power, capex and TCO', () => {
    const newAcc = entry('acme-x1', {
      name: 'Acme X1',
      vendor: 'Acme',
      scaleUpFabric: 'nvlink',
      'denseTflops.bf16': 1200,
      'denseTflops.fp8': 2400,
      hbmGB: 144,
      hbmTBps: 5,
      tdpW: 900,
      scaleUpGBpsBidirectional: 900,
      scaleUpDomainGpus: 8,
      priceUsd: 30000,
    });
    // The system: an HGX H100 server's parts, holding Acme X1 accelerators, at its own price.
    const hgx = getItem(builtinCatalog(), 'system', 'dgx-h100');
    const systemFields: UserEntry['fields'] = {};
    for (const [k, v] of Object.entries(hgx)) {
      if (k === 'id') continue;
      systemFields[k] =
        typeof v === 'object' && v !== null && 'value' in v && 'basis' in v
          ? (v as { value: number }).value
          : (v as UserEntry['fields'][string]);
    }
    const system: UserEntry = {
      kind: 'system',
      id: 'acme-x1-server',
      date: '2026-11-26',
      source: 'test quote',
      fields: {
        ...systemFields,
        name: 'Acme X1 server',
        acceleratorId: 'acme-x1',
        priceUsd: 320000,
      },
    };
    const entries = [newAcc, system];
    const checked = checkUserCatalog({ entries });
    expect(checked.ok ? [] : checked.issues).toEqual([]);
    const s = withEntries(TRAINING, entries, 'acme-x1');
    const build = resolveFor(s);
    expect(build?.accelerator.name).toBe('Acme X1');
    expect(build?.system.id).toBe('acme-x1-server');
    const r = evaluate(s);
    for (const id of ['tokens_per_s', 'it_power_kw', 'facility_power_kw', 'capex_usd', 'tco_usd']) {
      const m = r.metrics[id];
      expect(m, id).toBeDefined();
      expect(Number.isFinite(m!.value) && m!.value > 0, id).toBe(true);
    }
    expect(r.warnings.join('\n')).not.toMatch(/power and cost not evaluated/);
    // The new part's own numbers drive the engine: a higher peak, more tokens per second.
    const faster = withEntries(
      TRAINING,
      [{ ...newAcc, fields: { ...newAcc.fields, 'denseTflops.bf16': 2400 } }, system],
      'acme-x1',
    );
    expect(metric(faster, 'tokens_per_s')).toBeGreaterThan(r.metrics['tokens_per_s']!.value * 1.1);
  });

  it('an unknown accelerator is still refused, naming the field; a new one must give its required numbers', () => {
    const bad = structuredClone(exampleDoc(TRAINING));
    (bad['cluster'] as { compute: Record<string, unknown> }).compute['acceleratorId'] = 'acme-x1';
    const parsed = parseScenario(bad);
    expect(parsed.ok).toBe(false);
    const missing = checkUserCatalog({ entries: [entry('acme-x1', { name: 'Acme X1' })] });
    expect(missing.ok).toBe(false);
    const outOfRange = checkUserCatalog({ entries: [entry('h100-sxm', { hbmTBps: -1 })] });
    expect(outOfRange.ok).toBe(false);
    if (!outOfRange.ok) expect(outOfRange.issues[0]!.message).toMatch(/HBM bandwidth/);
  });

  it('user fields name nested peaks by their dotted names', () => {
    const f = userFields('accelerator');
    expect(f).toContain('denseTflops.bf16');
    expect(f).toContain('hbmTBps');
    expect(f).not.toContain('denseTflops');
  });
});
