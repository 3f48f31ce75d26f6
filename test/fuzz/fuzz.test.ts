/**
 * Robustness at scale, seeded and bounded for CI (`npm run fuzz` runs the same code on
 * 100,000 hostile files, 1,000,000 scenarios and 200 kills and prints the figures).
 */
import { describe, expect, it } from 'vitest';
import { parseFuzzArgs } from '../../cli/fuzz';
import { fuzzHostileFiles, HOSTILE_KINDS } from '../../cli/fuzz/hostile';
import { hugeFile } from '../../cli/fuzz/huge';
import { fuzzScenarios, impossibleOutputs, isGuardError } from '../../cli/fuzz/scenarios';
import type { EvaluationResult } from '../../model/evaluate';

describe('hostile files through the one reader', () => {
  it('3,000 files of every kind of defect: no crash, none accepted; valid controls (also with a BOM) open', () => {
    const r = fuzzHostileFiles(20261123, 3000);
    expect(r.examples).toEqual([]);
    expect(r.crashes).toBe(0);
    expect(r.silentAcceptances).toBe(0);
    expect(r.controlsRefused).toBe(0);
    expect(r.controls).toBeGreaterThan(100);
    // Every kind was drawn (the check is not vacuous).
    for (const kind of HOSTILE_KINDS) expect(r.byKind[kind], kind).toBeGreaterThan(50);
  }, 120_000);

  it('a 20 MB flat array is refused in under a second with a message, by the reader and the shell', async () => {
    const r = await hugeFile(20_000_000);
    expect(r.reader.refused).toBe(true);
    expect(r.reader.message).toMatch(
      /^The file is too large \(19\.1 MB; the limit is 4\.0 MB\)\.$/,
    );
    expect(r.reader.ms).toBeLessThan(1000);
    expect(r.shell.refused).toBe(true);
    expect(r.shell.message).toContain('ClusterPlan opens files up to 4.0 MB');
    expect(r.shell.ms).toBeLessThan(1000);
  }, 60_000);
});

describe('random valid scenarios through evaluate()', () => {
  it('1,500 scenarios: no NaN or Infinity, no negative time, throughput or power, MFU ≤ HFU ≤ 100 %, no internal guard', () => {
    const r = fuzzScenarios(20261124, 1500);
    const bad = [...r.problems].filter(([k]) => !k.startsWith('answer:'));
    expect(bad.map(([k, v]) => `${k}: ${v.example.join(' | ').slice(0, 400)}`)).toEqual([]);
    expect(r.impossible).toBe(0);
    expect(r.guardErrors).toBe(0);
    expect(r.evaluated).toBe(1500);
    // Most drawn scenarios evaluate (the rest are answers such as "no layout fits").
    expect(r.engineAnswers).toBeLessThan(r.evaluated * 0.2);
  }, 180_000);

  it('the checker flags each kind of impossible figure (it is not vacuous)', () => {
    const result = (metrics: Record<string, [number, string]>) =>
      ({
        metrics: Object.fromEntries(
          Object.entries(metrics).map(([k, [value, unit]]) => [k, { value, unit }]),
        ),
      }) as unknown as EvaluationResult;
    expect(impossibleOutputs(result({ tpot_ms: [-4, 'ms'] }))).toEqual([
      'tpot_ms is negative (-4 ms)',
    ]);
    expect(impossibleOutputs(result({ serving_power_kw: [-1, 'kW'] }))).toHaveLength(1);
    expect(impossibleOutputs(result({ output_tokens_per_s: [-1, 'tokens/s'] }))).toHaveLength(1);
    expect(impossibleOutputs(result({ mfu_pct: [116.7, '%'], hfu_pct: [120, '%'] }))).toEqual([
      'mfu_pct is above 100 % (116.7)',
      'hfu_pct is above 100 % (120)',
    ]);
    expect(impossibleOutputs(result({ mfu_pct: [50, '%'], hfu_pct: [40, '%'] }))).toEqual([
      'mfu_pct (50) is above hfu_pct (40)',
    ]);
    expect(impossibleOutputs(result({ ttft_ms: [Number.NaN, 'ms'] }))).toEqual(['ttft_ms is NaN']);
    // Signed by definition.
    expect(
      impossibleOutputs(result({ memory_headroom_gib: [-3, 'GiB'], npv_usd: [-1e6, 'USD'] })),
    ).toEqual([]);
    expect(isGuardError('trainingRunHours must be a number from 0 to 10000000 (got 1e9)')).toBe(
      true,
    );
    expect(isGuardError('metric "data_stall_pct" is NaN (not finite)')).toBe(true);
    expect(isGuardError('parallelism: no layout fits')).toBe(false);
  });
});

describe('npm run fuzz options', () => {
  it('defaults to the issue’s counts; refuses unknown options', () => {
    const o = parseFuzzArgs([]);
    expect([o.hostile, o.scenarios, o.kills]).toEqual([100_000, 1_000_000, 200]);
    expect(parseFuzzArgs(['--scenarios', '10', '--workers=3']).scenarios).toBe(10);
    expect(() => parseFuzzArgs(['--frob', '1'])).toThrow(/unknown option/);
  });
});
