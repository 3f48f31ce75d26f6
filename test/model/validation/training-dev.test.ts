import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runValidation } from '../../../model/validation';

/** Run one validation file through the harness; the cases outside tolerance, described. */
function guard(url: URL) {
  const raw = JSON.parse(readFileSync(url, 'utf8')) as unknown;
  const report = runValidation([raw]);
  const outside = report.cases.filter((c) => !c.withinTolerance);
  const detail = outside
    .map((c) => `${c.id}: ${c.failure ?? `${c.errorPct?.toFixed(1)} % (±${c.tolerancePct} %)`}`)
    .join('\n');
  return { report, outside, detail };
}

/**
 * THE regression guard (issue 3): the shipped training validation set through the harness.
 * Fails if the median |error| is above 10 % or more than 10 % of the cases fall outside their
 * own tolerance (failures count as outside). The issue's target is stricter (median ≤ 8 %,
 * every case within tolerance); this only stops regressions.
 */
describe('training-dev.json regression guard', () => {
  const { report, outside, detail } = guard(
    new URL('../../../model/validation/bundled/training-dev.json', import.meta.url),
  );

  it('runs every case (none skipped)', () => {
    expect(report.summary.n).toBe(42);
  });

  it('median |error| ≤ 10 %', () => {
    expect(report.summary.medianAbsErrorPct, detail).toBeLessThanOrEqual(10);
  });

  it('at most 10 % of the cases outside their tolerance', () => {
    expect(outside.length / report.summary.n, detail).toBeLessThanOrEqual(0.1);
  });
});

/**
 * The held-out sets, added after the engine was built and not fitted to: the same guard, so a
 * change that helps the dev set at the expense of other hardware or workloads shows up.
 * - training-published.json: Megatron-Bridge 25.11 and 26.02.01 on H100, B200, GB200 and GB300
 *   (FP8, MXFP8, NVFP4).
 * - training-published-older.json: NeMo 24.03–25.04 tables (pre-training, fine-tuning, long
 *   sequences), Megatron-Bridge 25.09 and the Llama 3 paper; earlier software than the engine models, so its bounds
 *   are looser (a regression guard, not the accuracy target).
 * - training-mlperf-steps.json: steady step times read from MLPerf Training result logs (GPT-3
 *   v3.0–v4.1, Llama 3.1 405B/8B, Llama 2 70B LoRA; H100 to GB300, MI300X to MI355X, Gaudi 2),
 *   layouts from the submissions' configs.
 * - training-mlperf-ttt.json: time to train of the Llama 3.1, LoRA and Gaudi 2 GPT-3 runs, with each benchmark’s
 *   evaluation protocol (mlperfEvaluationFor).
 * The MLPerf sets have looser bounds: several cases carry fields the logs do not state.
 */
describe.each([
  { file: 'training-published.json', n: 24, median: 10, outsideShare: 0.2 },
  { file: 'training-published-older.json', n: 55, median: 16, outsideShare: 0.35 },
  { file: 'training-mlperf-steps.json', n: 57, median: 12, outsideShare: 0.1 },
  { file: 'training-mlperf-ttt.json', n: 32, median: 15, outsideShare: 0.25 },
])('$file regression guard (held out)', ({ file, n, median, outsideShare }) => {
  const { report, outside, detail } = guard(
    new URL(`../../../model/validation/bundled/${file}`, import.meta.url),
  );
  it(`runs every case; median |error| ≤ ${median} %; at most ${outsideShare * 100} % outside tolerance`, () => {
    expect(report.summary.n).toBe(n);
    expect(report.summary.medianAbsErrorPct, detail).toBeLessThanOrEqual(median);
    expect(outside.length / report.summary.n, detail).toBeLessThanOrEqual(outsideShare);
  });
});
