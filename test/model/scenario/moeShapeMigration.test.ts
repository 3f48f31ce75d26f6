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

describe('migration scenario/moe-shape (version 1 → 2, issue 20)', () => {
  it('is one self-contained step from 1 to 2', () => {
    const step = scenarioMigrations.find((m) => m.id === 'scenario/moe-shape');
    expect(step).toMatchObject({ fromVersion: 1, toVersion: 2 });
  });

  it('writes the new training fields at their version-1 readings and never overwrites', () => {
    const r = migrateScenario(fixture('v1-training.json'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const w = r.doc['workload'] as Record<string, Record<string, unknown>>;
    expect(w['model']).toMatchObject({
      headDim: null,
      attention: null,
      slidingWindow: null,
      mtpLayers: 0,
      parallelBlocks: false,
      layers: 96,
    });
    expect(w['training']).toMatchObject({
      expertImbalance: null,
      softwareEra: 'auto',
      gradSync: 'all-reduce',
      precision: 'fp16',
    });
    expect(w['parallelism']).toMatchObject({ etp: 1, tp: 8 });
  });

  it('a version-1 MoE serving scenario on MIG migrates, keeps its shares, and evaluates as before', () => {
    const raw = fixture('v1-serving-moe-mig.json');
    const r = migrateScenario(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const w = r.doc['workload'] as Record<string, Record<string, unknown>>;
    expect(w['model']?.['moe']).toMatchObject({
      experts: 128,
      sharedExperts: 0,
      denseFfnHiddenSize: null,
      firstDenseLayers: 0,
      layerFreq: 1,
    });
    expect(w['partition']).toEqual({
      kind: 'mig',
      computeShare: 0.42857142857142855,
      memoryShare: 0.5,
      profile: null,
    });
    expect(w['serving']).toMatchObject({
      maxTokensPerStep: 'auto',
      speculative: null,
      disaggregation: null,
    });
    const parsed = parseScenario(raw);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
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
