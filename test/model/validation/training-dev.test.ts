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
    new URL('../../../../shared/validation/training-dev.json', import.meta.url),
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
 * The held-out set (model/validation/bundled/training-published.json: Megatron-Bridge 25.11 on
 * H100, B200, GB200 and GB300), added after the engine was built and not fitted to: the same
 * guard, so a change that helps the dev set at the expense of other hardware shows up.
 */
describe('training-published.json regression guard (held out)', () => {
  const { report, outside, detail } = guard(
    new URL('../../../model/validation/bundled/training-published.json', import.meta.url),
  );
  it('runs every case; median |error| ≤ 10 %; at most 1 in 5 outside tolerance', () => {
    expect(report.summary.n).toBe(11);
    expect(report.summary.medianAbsErrorPct, detail).toBeLessThanOrEqual(10);
    expect(outside.length / report.summary.n, detail).toBeLessThanOrEqual(0.2);
  });
});

/**
 * Held out: steady step times read from MLPerf Training result logs (GPT-3 v3.0–v4.1, Llama 3.1
 * 405B/8B, Llama 2 70B LoRA; H100 to GB300, MI300X to MI355X, Gaudi 2), layouts from the
 * submissions' configs (model/validation/bundled/training-mlperf-steps.json). Looser bounds: several
 * cases carry fields the logs do not state (see their notes).
 */
describe('training-mlperf-steps.json regression guard (held out)', () => {
  const { report, outside, detail } = guard(
    new URL('../../../model/validation/bundled/training-mlperf-steps.json', import.meta.url),
  );
  it('runs every case; median |error| ≤ 12 %; at most 1 in 10 outside tolerance', () => {
    expect(report.summary.n).toBe(43);
    expect(report.summary.medianAbsErrorPct, detail).toBeLessThanOrEqual(12);
    expect(outside.length / report.summary.n, detail).toBeLessThanOrEqual(0.1);
  });
});

/**
 * Held out: time to train of MLPerf Llama 3.1 405B/8B and Llama 2 70B LoRA runs (one result log
 * each; model/validation/bundled/training-mlperf-ttt.json), with each benchmark's evaluation
 * protocol (mlperfEvaluationFor). Loose bounds: several cases carry fields the logs do not state.
 */
describe('training-mlperf-ttt.json regression guard (held out)', () => {
  const { report, outside, detail } = guard(
    new URL('../../../model/validation/bundled/training-mlperf-ttt.json', import.meta.url),
  );
  it('runs every case; median |error| ≤ 15 %; at most 1 in 4 outside tolerance', () => {
    expect(report.summary.n).toBe(27);
    expect(report.summary.medianAbsErrorPct, detail).toBeLessThanOrEqual(15);
    expect(outside.length / report.summary.n, detail).toBeLessThanOrEqual(0.25);
  });
});
