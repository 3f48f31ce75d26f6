import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../model/evaluate';
import { parseScenarioOrThrow } from '../../../model/scenario';

/**
 * Near capacity TPOT is a range (issue 20): the figures carry the TPOT at ±8.4 % capacity, and a
 * scenario whose band is wide says so; far below capacity the band has no width.
 */
const raw = JSON.parse(
  readFileSync(resolve(__dirname, '../../../examples/serving-llama3-70b-8xh100-fp8.json'), 'utf8'),
) as { workload: Record<string, unknown> };

function at(requestsPerS: number) {
  const s = parseScenarioOrThrow({
    ...raw,
    workload: {
      ...raw.workload,
      parallelism: { tp: 8, pp: 1, ep: 1, replicas: 1 },
      serving: {
        ...(raw.workload['serving'] as object),
        load: { mode: 'request_rate', requestsPerS },
      },
    },
  });
  return evaluate(s);
}

describe('TPOT band near capacity', () => {
  it('is a point far below capacity and a range near it, with a warning', () => {
    const light = at(5);
    expect(light.metrics['tpot_low_ms']?.value).toBeCloseTo(light.metrics['tpot_ms']!.value, 6);
    expect(light.metrics['tpot_high_ms']?.value).toBeCloseTo(light.metrics['tpot_ms']!.value, 6);
    expect(light.warnings.some((w) => w.includes('read it as a range'))).toBe(false);
    const near = at(20);
    const low = near.metrics['tpot_low_ms']!.value;
    const high = near.metrics['tpot_high_ms']!.value;
    const mean = near.metrics['tpot_ms']!.value;
    expect(high).toBeGreaterThan(1.25 * low);
    expect(mean).toBeGreaterThan(low);
    expect(mean).toBeLessThan(high);
    expect(near.warnings.some((w) => w.includes('read it as a range'))).toBe(true);
  });
});
