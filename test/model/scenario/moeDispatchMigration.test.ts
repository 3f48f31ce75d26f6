import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateScenario, parseScenario, scenarioMigrations } from '../../../model/scenario';
import { evaluate } from '../../../model/evaluate';

/** The first scenario of the version-3 file fixture (a training workload). */
function v3Training(): Record<string, unknown> {
  const file = JSON.parse(
    readFileSync(new URL('../../fixtures/scenario-files/v3.json', import.meta.url), 'utf8'),
  ) as { scenarios: Record<string, unknown>[] };
  const doc = file.scenarios[0];
  if (doc === undefined) throw new Error('fixture has no scenario');
  return doc;
}

describe('migration scenario/005-moe-dispatch (version 4 → 5, issue 20)', () => {
  it('is one step from 4 to 5', () => {
    const step = scenarioMigrations.find((m) => m.id === 'scenario/005-moe-dispatch');
    expect(step).toMatchObject({ fromVersion: 4, toVersion: 5 });
  });

  it('writes nothing into the file; the new training fields read auto', () => {
    const raw = v3Training();
    expect(raw['schemaVersion']).toBe(3);
    const r = migrateScenario(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.applied).toContain('scenario/005-moe-dispatch');
    const w = r.doc['workload'] as Record<string, Record<string, unknown>>;
    for (const k of ['moeDispatcher', 'moeA2aOverlap', 'cudaGraphs'])
      expect(w['training'], k).not.toHaveProperty(k);
    const parsed = parseScenario(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const pw = parsed.scenario.workload;
    if (pw.kind !== 'training') throw new Error('expected a training scenario');
    expect(pw.training).toMatchObject({
      moeDispatcher: 'auto',
      moeA2aOverlap: 'auto',
      cudaGraphs: 'auto',
    });
  });

  it('a version-3 MoE training scenario prices as before: auto is the optimized stack’s DeepEP-class dispatch without overlap', () => {
    const raw = v3Training();
    const moe = structuredClone(raw) as Record<string, Record<string, Record<string, unknown>>>;
    const workload = moe['workload'];
    if (workload === undefined) throw new Error('no workload');
    workload['model'] = { ...workload['model'], moe: { experts: 64, topK: 8 } };
    workload['parallelism'] = 'auto' as unknown as Record<string, unknown>;
    const step = (training: Record<string, unknown>): number => {
      const doc = structuredClone(moe);
      (doc['workload'] as Record<string, Record<string, unknown>>)['training'] = {
        ...workload['training'],
        ...training,
      };
      const p = parseScenario(doc);
      if (!p.ok) throw new Error(JSON.stringify(p.issues));
      const m = evaluate(p.scenario).metrics['step_time_s'];
      if (m === undefined) throw new Error('no step time');
      return m.value;
    };
    const auto = step({});
    expect(step({ moeDispatcher: 'deepep', moeA2aOverlap: false })).toBe(auto);
  });
});

describe('migration scenario/006-expert-mlp (version 5 → 6, issue 20)', () => {
  it('is one step from 5 to 6', () => {
    const step = scenarioMigrations.find((m) => m.id === 'scenario/006-expert-mlp');
    expect(step).toMatchObject({ fromVersion: 5, toVersion: 6 });
  });

  it('writes nothing; an older MoE file reads without biases or clamp and with the auto split', () => {
    const raw = structuredClone(v3Training()) as Record<string, Record<string, unknown>>;
    const workload = raw['workload'];
    if (workload === undefined) throw new Error('no workload');
    workload['model'] = {
      ...(workload['model'] as Record<string, unknown>),
      moe: { experts: 64, topK: 8 },
    };
    const r = migrateScenario(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.applied).toContain('scenario/006-expert-mlp');
    const w = r.doc['workload'] as Record<string, Record<string, unknown>>;
    expect(w['training']).not.toHaveProperty('pipelineSplit');
    expect(w['model']?.['moe']).toEqual({ experts: 64, topK: 8 });
    const parsed = parseScenario(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const pw = parsed.scenario.workload;
    if (pw.kind !== 'training') throw new Error('expected a training scenario');
    expect(pw.training.pipelineSplit).toBe('auto');
    expect(pw.model.moe).toMatchObject({ expertBias: false, clampedGlu: false });
  });
});
