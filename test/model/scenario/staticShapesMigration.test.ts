import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateScenario, parseScenario, scenarioMigrations } from '../../../model/scenario';
import { fieldText } from '../../../renderer/features/scenarios/fieldText';

/** The serving example, as a version-6 document (its content is version-6 valid). */
function v6Serving(): Record<string, unknown> {
  const doc = JSON.parse(
    readFileSync(
      new URL('../../../examples/serving-llama3-70b-8xh100-fp8.json', import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;
  return { ...doc, schemaVersion: 6 };
}

function withServing(extra: Record<string, unknown>): Record<string, unknown> {
  const doc = structuredClone(v6Serving()) as Record<string, Record<string, unknown>>;
  const w = doc['workload'] as Record<string, Record<string, unknown>>;
  w['serving'] = { ...w['serving'], ...extra };
  return { ...doc, schemaVersion: 7 };
}

describe('migration scenario/007-static-shapes (version 6 → 7)', () => {
  it('is one step from 6 to 7', () => {
    const step = scenarioMigrations.find((m) => m.id === 'scenario/007-static-shapes');
    expect(step).toMatchObject({ fromVersion: 6, toVersion: 7 });
  });

  it('writes nothing; a version-6 serving file reads without padding', () => {
    const raw = v6Serving();
    const r = migrateScenario(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.applied).toEqual(['scenario/007-static-shapes']);
    const w = r.doc['workload'] as Record<string, Record<string, unknown>>;
    expect(w['serving']).not.toHaveProperty('batchBucket');
    expect(w['serving']).not.toHaveProperty('padContextTokens');
    const parsed = parseScenario(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const pw = parsed.scenario.workload;
    if (pw.kind !== 'serving') throw new Error('expected a serving scenario');
    expect(pw.serving.batchBucket).toBeNull();
    expect(pw.serving.padContextTokens).toBeNull();
  });
});

describe('static-shape fields of a serving workload', () => {
  it('read when stated', () => {
    const parsed = parseScenario(withServing({ batchBucket: 768, padContextTokens: 2048 }));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const w = parsed.scenario.workload;
    if (w.kind !== 'serving') throw new Error('expected a serving scenario');
    expect(w.serving).toMatchObject({ batchBucket: 768, padContextTokens: 2048 });
  });

  it.each([0, 1.5, -8, 'auto'])('a bucket of %s is refused, naming the field', (v) => {
    const parsed = parseScenario(withServing({ batchBucket: v }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const issue = parsed.issues.find((i) => i.path === 'workload.serving.batchBucket');
    expect(issue?.message).toMatch(/integer from 1 to .* requests/);
  });

  it('a padded context shorter than a request is refused, naming both fields', () => {
    // The example's requests: 1,000 prompt + 250 generated tokens.
    const parsed = parseScenario(withServing({ padContextTokens: 1024 }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const issue = parsed.issues.find((i) => i.path === 'workload.serving.padContextTokens');
    expect(issue?.message).toMatch(/whole request.*1250 tokens.*inputTokensMean/);
    expect(parseScenario(withServing({ padContextTokens: 1250 })).ok).toBe(true);
  });

  it('carry their labels and units in the editor', () => {
    expect(fieldText(['workload', 'serving', 'batchBucket'])).toEqual({
      label: 'Decode batch bucket (static shapes)',
      unit: 'requests',
    });
    expect(fieldText(['workload', 'serving', 'padContextTokens'])).toEqual({
      label: 'Padded context (static shapes)',
      unit: 'tokens',
    });
  });
});
