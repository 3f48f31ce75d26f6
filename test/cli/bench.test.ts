import { describe, expect, it } from 'vitest';
import {
  benchmarks,
  formatBenchJson,
  formatBenchText,
  median,
  runBenchmarks,
} from '../../cli/bench';
import type { Benchmark } from '../../cli/bench';

describe('bench table and output (not a timed test)', () => {
  it('holds the issue-3 figures with their targets', () => {
    expect(benchmarks.map((b) => [b.id, b.unit, b.target])).toEqual([
      ['evaluate_training_us', 'µs', 50],
      ['training_engine_us', 'µs', 50],
      ['auto_layout_1t_3072_ms', 'ms', 250],
    ]);
  });

  it('prints `id value unit (target …)` per line and the JSON shape', () => {
    const fake: Benchmark[] = [
      { id: 'a_us', unit: 'µs', target: 50, better: 'lower', description: 'a', run: () => 12.3456 },
      { id: 'b_fps', unit: 'fps', target: 60, better: 'higher', description: 'b', run: () => 59 },
    ];
    const results = runBenchmarks(fake);
    expect(formatBenchText(results)).toBe(
      'a_us 12.35 µs (target ≤ 50 µs)\nb_fps 59 fps (target ≥ 60 fps)',
    );
    expect(JSON.parse(formatBenchJson(results))).toEqual({
      benchmarks: [
        { id: 'a_us', value: 12.35, unit: 'µs', target: 50, better: 'lower' },
        { id: 'b_fps', value: 59, unit: 'fps', target: 60, better: 'higher' },
      ],
    });
    expect(runBenchmarks(fake, ['b_fps']).map((r) => r.id)).toEqual(['b_fps']);
  });

  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('each real benchmark runs once and returns a positive finite figure', () => {
    const results = runBenchmarks(benchmarks);
    for (const r of results) {
      expect(Number.isFinite(r.value)).toBe(true);
      expect(r.value).toBeGreaterThan(0);
    }
  });
});
