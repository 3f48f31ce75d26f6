import { describe, expect, it } from 'vitest';
import {
  checkMetricValues,
  getMetric,
  isMetric,
  metricLists,
  metricRegistry,
  metricsInGroup,
} from '../../../model/metrics';

/** The metrics issue 3 requires, at least. */
const REQUIRED = [
  'step_time_s',
  'tokens_per_s',
  'samples_per_s',
  'achieved_tflops_per_gpu',
  'mfu_pct',
  'hfu_pct',
  'scaling_efficiency_pct',
  'time_to_train_days',
  'memory_per_gpu_gib',
  'memory_headroom_gib',
];

describe('metric registry', () => {
  it('holds every metric issue 3 requires, each with label, unit and description', () => {
    for (const id of REQUIRED) {
      const m = getMetric(id);
      expect(m.id).toBe(id);
      expect(m.label.length).toBeGreaterThan(0);
      expect(m.unit.length).toBeGreaterThan(0);
      expect(m.description.length).toBeGreaterThan(10);
    }
    expect(getMetric('mfu_pct').unit).toBe('%');
    expect(getMetric('step_time_s').unit).toBe('s');
    expect(getMetric('memory_per_gpu_gib').unit).toBe('GiB');
  });

  it('is the union of the domain lists, ids unique and snake_case', () => {
    const total = metricLists.reduce((n, l) => n + l.length, 0);
    expect(metricRegistry.size).toBe(total);
    for (const id of metricRegistry.keys()) expect(id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('getMetric throws naming an unknown id; isMetric tells', () => {
    expect(() => getMetric('no_such_metric')).toThrow('metric "no_such_metric" is not registered');
    expect(isMetric('step_time_s')).toBe(true);
    expect(isMetric('no_such_metric')).toBe(false);
  });

  it('groups metrics for display', () => {
    const training = metricsInGroup('training');
    expect(training.map((m) => m.id)).toContain('step_time_s');
    expect(training.every((m) => m.group === 'training')).toBe(true);
  });

  it('checkMetricValues rejects unknown ids, wrong units and non-finite values, naming the metric', () => {
    expect(() => checkMetricValues({ step_time_s: { value: 1, unit: 's' } })).not.toThrow();
    expect(() => checkMetricValues({ nope: { value: 1, unit: 's' } })).toThrow(
      /"nope" is not registered/,
    );
    expect(() => checkMetricValues({ step_time_s: { value: 1, unit: 'ms' } })).toThrow(
      /"step_time_s" has unit "ms"/,
    );
    expect(() => checkMetricValues({ mfu_pct: { value: Number.NaN, unit: '%' } })).toThrow(
      /"mfu_pct" is NaN/,
    );
    expect(() => checkMetricValues({ mfu_pct: { value: Infinity, unit: '%' } })).toThrow(/mfu_pct/);
  });
});
