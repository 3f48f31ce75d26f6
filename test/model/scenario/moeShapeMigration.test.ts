import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateScenario, parseScenario, scenarioMigrations } from '../../../model/scenario';
import { evaluate } from '../../../model/evaluate';

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}

describe('migration scenario/003-moe-shape (version 2 → 3, issue 20)', () => {
  it('is one step from 2 to 3', () => {
    const step = scenarioMigrations.find((m) => m.id === 'scenario/003-moe-shape');
    expect(step).toMatchObject({ fromVersion: 2, toVersion: 3 });
  });

  it('writes nothing into the file; the new training fields read as before from their defaults', () => {
    const raw = fixture('v1-training.json');
    const r = migrateScenario(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const w = r.doc['workload'] as Record<string, Record<string, unknown>>;
    for (const k of ['headDim', 'attention', 'slidingWindow', 'mtpLayers', 'parallelBlocks'])
      expect(w['model'], k).not.toHaveProperty(k);
    for (const k of ['expertImbalance', 'softwareEra', 'gradSync'])
      expect(w['training'], k).not.toHaveProperty(k);
    const parsed = parseScenario(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const pw = parsed.scenario.workload;
    if (pw.kind !== 'training') throw new Error('expected a training scenario');
    expect(pw.model).toMatchObject({
      headDim: null,
      attention: null,
      slidingWindow: null,
      mtpLayers: 0,
      parallelBlocks: false,
      layers: 96,
    });
    expect(pw.training).toMatchObject({
      expertImbalance: null,
      softwareEra: 'auto',
      gradSync: 'all-reduce',
      precision: 'fp16',
    });
    expect(pw.parallelism).toMatchObject({ etp: 1, tp: 8 });
  });

  it('a version-1 MoE serving scenario on MIG opens, keeps its shares, and evaluates as before', () => {
    const raw = fixture('v1-serving-moe-mig.json');
    const parsed = parseScenario(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const w = parsed.scenario.workload;
    if (w.kind !== 'serving') throw new Error('expected a serving scenario');
    expect(w.model.moe).toMatchObject({
      experts: 128,
      sharedExperts: 0,
      denseFfnHiddenSize: null,
      firstDenseLayers: 0,
      layerFreq: 1,
    });
    expect(w.partition).toEqual({
      kind: 'mig',
      computeShare: 0.42857142857142855,
      memoryShare: 0.5,
      profile: null,
    });
    expect(w.serving).toMatchObject({
      maxTokensPerStep: 'auto',
      speculative: null,
      disaggregation: null,
    });
    // The stated shares are the 3g.40gb profile's: naming the profile gives the same figures.
    const byShares = evaluate(parsed.scenario);
    const named = parseScenario({
      ...raw,
      workload: {
        ...(raw['workload'] as object),
        partition: { kind: 'mig', profile: '3g.40gb' },
      },
    });
    expect(named.ok).toBe(true);
    if (!named.ok) return;
    const byProfile = evaluate(named.scenario);
    const tput = (e: ReturnType<typeof evaluate>) => e.serving?.outputTokensPerS ?? NaN;
    expect(tput(byShares)).toBeGreaterThan(0);
    expect(tput(byProfile)).toBeCloseTo(tput(byShares), 3);
  });
});
