import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { financeLines, formatEvaluateText } from '../../cli/format';
import { evaluate } from '../../model/evaluate';
import { parseScenarioOrThrow } from '../../model/scenario';

describe('evaluate text: the finance schedule', () => {
  const doc = JSON.parse(
    readFileSync('examples/pretrain-llama3-70b-1024xh100-ib.json', 'utf8'),
  ) as Record<string, unknown>;
  doc['finance'] = { ...(doc['finance'] as object), bookLifeYears: 6, economicLifeYears: 4 };
  const r = evaluate(parseScenarioOrThrow(doc));

  it('puts book and economic life side by side, then one row per year', () => {
    const lines = financeLines(r);
    expect(lines[0]).toMatch(/book life 6 years .* economic life 4 years/);
    const horizon = r.build!.finance.horizonYears;
    const rows = lines.slice(2, 3 + horizon);
    expect(rows.map((l) => l.trim().split(/\s+/)[0])).toEqual(
      Array.from({ length: horizon + 1 }, (_, y) => String(y)),
    );
    // The cash-flow column sums to minus the TCO (each figure rounded to whole units).
    const cash = rows.map((l) => Number(l.trim().split(/\s+/)[3]!.replace(/,/g, '')));
    expect(Math.abs(cash.reduce((a, v) => a + v, 0) + r.metrics['tco_usd']!.value)).toBeLessThan(
      horizon + 1,
    );
    // Economic life 4 of 5 years: nothing left to depreciate in year 5; book life 6: still some.
    const last = rows[horizon]!.trim().split(/\s+/);
    expect(last[7]).toBe('0');
    expect(last[5]).not.toBe('0');
    expect(formatEvaluateText([r])).toContain('Owning vs renting: NPV');
  });
});
