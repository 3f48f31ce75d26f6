import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRecovery, serializeRecovery, type RecoveryRecord } from '../../../model/files';

const IB = JSON.parse(
  readFileSync(
    new URL('../../../examples/pretrain-llama3-70b-1024xh100-ib.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>;

const record: RecoveryRecord = {
  savedAt: '2026-11-22T01:00:00.000Z',
  fileName: 'plan.json',
  filePath: '/home/a/plan.json',
  baseline: 1,
  // A draft mid-edit (invalid GPU count) is kept as it was: recovery never loses typing.
  scenarios: [IB, { ...IB, name: 'draft', cluster: { compute: { gpus: -4 } } }],
};

describe('recovery copy', () => {
  it('round-trips the record, drafts included', () => {
    expect(readRecovery(serializeRecovery(record))).toEqual({ ok: true, record });
    const untitled = { ...record, fileName: null, filePath: null, baseline: 0 };
    expect(readRecovery(serializeRecovery(untitled))).toEqual({ ok: true, record: untitled });
  });

  it.each([
    ['', 'not valid JSON'],
    ['{"format":"clusterplan-recovery","__proto__":{}}', 'the key "__proto__" is not allowed'],
    [JSON.stringify({ ...JSON.parse(serializeRecovery(record)), format: 'x' }), 'format:'],
    [
      JSON.stringify({ ...JSON.parse(serializeRecovery(record)), baseline: 2 }),
      'baseline: must be the index',
    ],
    [
      JSON.stringify({ ...JSON.parse(serializeRecovery(record)), scenarios: [] }),
      'scenarios: must hold at least one',
    ],
    [JSON.stringify({ ...JSON.parse(serializeRecovery(record)), scenarios: [1] }), 'scenarios.0:'],
  ])('refuses %s naming the field', (text, message) => {
    const r = readRecovery(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('never throws for 10,000 mutated copies', () => {
    const valid = serializeRecovery(record);
    const mutated = fc
      .tuple(fc.nat(valid.length), fc.nat(valid.length), fc.string({ maxLength: 8 }))
      .map(([i, j, s]) => valid.slice(0, Math.min(i, j)) + s + valid.slice(Math.max(i, j)));
    fc.assert(
      fc.property(fc.oneof(mutated, fc.json(), fc.string()), (text) => {
        const r = readRecovery(text);
        if (r.ok) expect(r.record.scenarios.length).toBeGreaterThan(0);
        else expect(r.error.length).toBeGreaterThan(0);
      }),
      { numRuns: 10_000 },
    );
  });
});
