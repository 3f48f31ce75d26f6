import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { objectiveMetricId, tornado } from '../../../model/analysis';
import { evaluate } from '../../../model/evaluate';
import { buildReport } from '../../../model/report';
import { parseScenarioOrThrow } from '../../../model/scenario';
import { defaultMetric } from '../../../renderer/features/analysis/analysisData';

function example(file: string) {
  return parseScenarioOrThrow(JSON.parse(readFileSync(`examples/${file}`, 'utf8')));
}

describe('the objective: cost per unit of work, not raw TCO', () => {
  const ib = example('pretrain-llama3-70b-1024xh100-ib.json');
  const serving = example('serving-llama3-70b-8xh100-fp8.json');

  it('training is judged per training token, serving per output token', () => {
    expect(objectiveMetricId(evaluate(ib).metrics)).toBe('cost_per_million_tokens_usd');
    const s = evaluate(serving);
    expect(objectiveMetricId(s.metrics)).toBe('cost_per_million_output_tokens_usd');
    expect(defaultMetric(s)).toBe('cost_per_million_output_tokens_usd');
    expect(objectiveMetricId({})).toBeNull();
  });

  it('more failures make the objective worse, while they lower TCO (why TCO is no default)', () => {
    const spec = [{ id: 'failure_rate' }];
    const onTco = tornado(ib, 'tco_usd', spec).bars[0]!;
    const onObjective = tornado(ib, defaultMetric(evaluate(ib))!, spec).bars[0]!;
    // High end = twice the failure rates: less work done, less energy, a lower TCO ...
    expect(onTco.deltaHigh).toBeLessThan(0);
    // ... but each training token costs more.
    expect(onObjective.deltaHigh).toBeGreaterThan(0);
  });
});

describe('training and serving unit costs in separate rows', () => {
  it('a serving build has no training-token cost; a training build no output-token cost', () => {
    const t = evaluate(example('pretrain-llama3-70b-1024xh100-ib.json'));
    const s = evaluate(example('serving-llama3-70b-8xh100-fp8.json'));
    expect(t.metrics['cost_per_million_tokens_usd']).toBeDefined();
    expect(t.metrics['cost_per_million_output_tokens_usd']).toBeUndefined();
    expect(s.metrics['cost_per_million_output_tokens_usd']).toBeDefined();
    expect(s.metrics['cost_per_million_tokens_usd']).toBeUndefined();
    // In a comparison: two rows, each with one figure and no delta between the two kinds of work.
    const c = buildReport(
      [
        {
          id: 't',
          name: 'T',
          doc: {},
          scenario: example('pretrain-llama3-70b-1024xh100-ib.json'),
          result: t,
        },
        {
          id: 's',
          name: 'S',
          doc: {},
          scenario: example('serving-llama3-70b-8xh100-fp8.json'),
          result: s,
        },
      ],
      { date: '2026-11-22', appVersion: '1', accuracy: [] },
    );
    const row = (id: string) => c.comparison.find((r) => r.metricId === id)!;
    expect(row('cost_per_million_tokens_usd').label).toBe('Cost per million training tokens');
    expect(row('cost_per_million_tokens_usd').values[1]).toBeNull();
    expect(row('cost_per_million_output_tokens_usd').values[0]).toBeNull();
    expect(row('cost_per_million_tokens_usd').deltas.every((d) => d === null)).toBe(true);
    expect(row('cost_per_million_output_tokens_usd').deltas.every((d) => d === null)).toBe(true);
  });
});
