import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runValidation } from '../../../model/validation';

const raw = JSON.parse(
  readFileSync(
    new URL('../../../model/validation/heldout/moe-modelzoo-qwen3.json', import.meta.url),
    'utf8',
  ),
) as unknown;

/**
 * Held-out MoE training rows (model/validation/README.md, "Held-out sets"): five published
 * Qwen3-235B-A22B layouts on 256 H100 that no constant was set from. The guard stops the engine
 * getting worse on runs it has not seen (20.8 % median, 2 of 5 within ±20 % when added); the
 * three outside are intra-node EP layouts, whose mechanism is not yet found.
 */
describe('held-out MoE layouts (Megatron-MoE-ModelZoo, Qwen3-235B on 256 H100)', () => {
  const report = runValidation([raw]);
  const detail = report.cases
    .map((c) => `${c.id}: ${c.failure ?? `${c.errorPct?.toFixed(1)} %`}`)
    .join('\n');

  it('runs every row', () => {
    expect(report.summary.n).toBe(5);
    expect(report.summary.failed, detail).toBe(0);
  });

  it('median |error| within the guard', () => {
    expect(report.summary.medianAbsErrorPct, detail).toBeLessThanOrEqual(25);
  });
});
