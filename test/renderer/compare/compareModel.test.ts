import { describe, expect, it } from 'vitest';
import { evaluate, type EvaluationResult } from '../../../model/evaluate';
import { parseScenarioOrThrow } from '../../../model/scenario';
import ib from '../../../examples/pretrain-llama3-70b-1024xh100-ib.json';
import roce from '../../../examples/pretrain-llama3-70b-1024xh100-roce.json';
import {
  buildGroups,
  deltaOf,
  explainDifference,
  moveRow,
  orderIds,
  rowUnchanged,
} from '../../../renderer/features/compare/compareModel';
import { toggleHidden, INITIAL_VIEW } from '../../../renderer/features/compare/compareView';

describe('deltas against the baseline', () => {
  it('computes absolute and relative change and the verdict by direction', () => {
    expect(deltaOf(120, 100, 'higher')).toEqual({ abs: 20, pct: 0.2, direction: 'better' });
    expect(deltaOf(120, 100, 'lower')).toEqual({ abs: 20, pct: 0.2, direction: 'worse' });
    expect(deltaOf(80, 100, 'lower')).toEqual({ abs: -20, pct: -0.2, direction: 'better' });
    expect(deltaOf(80, 100, 'none').direction).toBe('neutral');
    expect(deltaOf(5, 0, 'higher')).toEqual({ abs: 5, pct: null, direction: 'better' });
    expect(deltaOf(-50, -100, 'higher').pct).toBeCloseTo(0.5);
    expect(deltaOf(100, 100, 'higher').direction).toBe('same');
  });
});

describe('rows', () => {
  const a = evaluate(parseScenarioOrThrow(ib));
  const halved = structuredClone(roce);
  halved.cluster.network.scaleOut.gbpsPerGpu = 100;
  const b = evaluate(parseScenarioOrThrow(halved));
  const columns = [
    { id: 'a', name: 'A', result: a },
    { id: 'b', name: 'B', result: b },
    { id: 'c', name: 'C (invalid)', result: null as EvaluationResult | null },
  ];

  it('groups metrics by group, with deltas only outside the baseline column', () => {
    const groups = buildGroups(columns, 'a', INITIAL_VIEW);
    expect(groups[0]?.group).toBe('training');
    const step = groups[0]?.rows.find((r) => r.metric.id === 'step_time_s');
    expect(step?.cells[0]?.delta).toBeNull();
    expect(step?.cells[1]?.delta?.direction).toBe('worse');
    expect(step?.cells[1]?.delta?.abs).toBeCloseTo(
      b.metrics.step_time_s!.value - a.metrics.step_time_s!.value,
      12,
    );
    expect(step?.cells[2]).toEqual({ value: null, delta: null });
  });

  it('hides and reorders rows as the view says', () => {
    const hidden = toggleHidden(INITIAL_VIEW, 'tokens_per_s');
    const groups = buildGroups(columns, 'a', { ...hidden, order: ['mfu_pct'] });
    const ids = groups[0]!.rows.map((r) => r.metric.id);
    expect(ids[0]).toBe('mfu_pct');
    expect(ids).not.toContain('tokens_per_s');
    expect(toggleHidden(hidden, 'tokens_per_s').hidden.has('tokens_per_s')).toBe(false);
  });

  it('"Hide unchanged rows" leaves out the rows that read the same in every column', () => {
    const all = buildGroups(columns.slice(0, 2), 'a', INITIAL_VIEW).flatMap((g) => g.rows);
    const changed = buildGroups(columns.slice(0, 2), 'a', { ...INITIAL_VIEW, hideUnchanged: true })
      .flatMap((g) => g.rows)
      .map((r) => r.metric.id);
    // Halving the scale-out bandwidth changes the step time; some figures (the model's own)
    // stay the same and go.
    expect(changed).toContain('step_time_s');
    const same = all.filter((r) => rowUnchanged(r.cells)).map((r) => r.metric.id);
    expect(same.length).toBeGreaterThan(0);
    expect(changed.filter((id) => same.includes(id))).toEqual([]);
    // Exactly the rows whose cells are not all the same are kept.
    expect(changed).toEqual(all.filter((r) => !rowUnchanged(r.cells)).map((r) => r.metric.id));
    expect(changed.length).toBeLessThan(all.length);
    // Two identical builds: nothing left; one column: the option changes nothing.
    const twins = [columns[0]!, { ...columns[0]!, id: 'a2' }];
    expect(buildGroups(twins, 'a', { ...INITIAL_VIEW, hideUnchanged: true })).toEqual([]);
    expect(buildGroups([columns[0]!], 'a', { ...INITIAL_VIEW, hideUnchanged: true })).toEqual(
      buildGroups([columns[0]!], 'a', INITIAL_VIEW),
    );
  });

  it('a row is unchanged when every value equals the first, or all are missing', () => {
    const cell = (value: number | null) => ({ value, delta: null });
    expect(rowUnchanged([cell(1), cell(1 + 1e-12), cell(1)])).toBe(true);
    expect(rowUnchanged([cell(1), cell(1.001)])).toBe(false);
    expect(rowUnchanged([cell(null), cell(null)])).toBe(true);
    expect(rowUnchanged([cell(1), cell(null)])).toBe(false);
    expect(rowUnchanged([cell(null), cell(1)])).toBe(false);
  });

  it('moves a row by one among the visible rows of its group', () => {
    const all = ['a', 'b', 'c', 'd'];
    expect(moveRow(all, ['a', 'c', 'd'], 'c', -1)).toEqual(['c', 'b', 'a', 'd']);
    expect(moveRow(all, ['a', 'c'], 'a', -1)).toEqual(all);
    expect(orderIds(['x', 'y', 'z'], ['z', 'q'])).toEqual(['z', 'x', 'y']);
  });

  it('explains the gap line by line: the step-time parts sum to the step-time difference', () => {
    const d = explainDifference(a, b);
    const stepGap = d.stepTime.reduce((s, l) => s + l.diff, 0);
    expect(stepGap).toBeCloseTo(b.metrics.step_time_s!.value - a.metrics.step_time_s!.value, 9);
    const mags = d.stepTime.map((l) => Math.abs(l.diff));
    expect(mags).toEqual([...mags].sort((x, y) => y - x));
    const capexGap = d.capex.reduce((s, l) => s + l.diff, 0);
    expect(capexGap).toBeCloseTo(b.metrics.capex_usd!.value - a.metrics.capex_usd!.value, 2);
    expect(d.power.length).toBeGreaterThan(0);
  });
});
