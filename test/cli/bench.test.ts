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
  it("holds the issues' figures with their targets", () => {
    expect(benchmarks.map((b) => [b.id, b.unit, b.target, b.kind])).toEqual([
      ['evaluate_training_us', 'µs', 50, 'engine'],
      ['evaluate_full_us', 'µs', 50, 'engine'],
      ['evaluate_serving_us', 'µs', 50, 'engine'],
      ['evaluate_moe_training_us', 'µs', 20, 'engine'],
      ['evaluate_moe_serving_us', 'µs', 50, 'engine'],
      ['training_engine_us', 'µs', 50, 'engine'],
      ['auto_layout_1t_3072_ms', 'ms', 250, 'engine'],
      ['search_1m_s', 's', 10, 'engine'],
      ['mc_1000_draws_ms', 'ms', 1000, 'engine'],
      ['bundle_gzip_kb', 'KB', 500, 'ui'],
      ['ui_cold_start_ms', 'ms', 1000, 'ui'],
      ['ui_recompute_6_ms', 'ms', 16, 'ui'],
      ['ui_recompute_24_ms', 'ms', 16, 'ui'],
      ['pdf_export_4_s', 's', 3, 'ui'],
    ]);
  });

  it('prints `id value unit (target …)` per line and the JSON shape', async () => {
    const fake: Benchmark[] = [
      {
        id: 'a_us',
        unit: 'µs',
        target: 50,
        better: 'lower',
        kind: 'engine',
        description: 'a',
        run: () => 12.3456,
      },
      {
        id: 'b_fps',
        unit: 'fps',
        target: 60,
        better: 'higher',
        kind: 'ui',
        description: 'b',
        run: () => Promise.resolve(59),
      },
    ];
    const results = await runBenchmarks(fake);
    expect(formatBenchText(results)).toBe(
      'a_us 12.35 µs (target ≤ 50 µs)\nb_fps 59 fps (target ≥ 60 fps)',
    );
    expect(JSON.parse(formatBenchJson(results))).toEqual({
      benchmarks: [
        { id: 'a_us', value: 12.35, unit: 'µs', target: 50, better: 'lower' },
        { id: 'b_fps', value: 59, unit: 'fps', target: 60, better: 'higher' },
      ],
    });
    expect((await runBenchmarks(fake, ['b_fps'])).map((r) => r.id)).toEqual(['b_fps']);
  });

  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  // The UI figures need a build and Chromium; the e2e suite drives the same pages.
  it('each engine benchmark runs once and returns a positive finite figure', async () => {
    const results = await runBenchmarks(benchmarks.filter((b) => b.kind === 'engine'));
    for (const r of results) {
      expect(Number.isFinite(r.value)).toBe(true);
      expect(r.value).toBeGreaterThan(0);
    }
  });
});
