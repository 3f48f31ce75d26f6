import { describe, expect, it } from 'vitest';
import { displayUnit, formatMetric, isMoneyUnit } from '../../../renderer/components/metricFormat';

describe('metric units', () => {
  it('money is the registry’s ¤ or the scenario currency’s code, nothing else', () => {
    expect(isMoneyUnit('¤/yr', 'EUR')).toBe(true);
    expect(isMoneyUnit('EUR/GPU-h', 'EUR')).toBe(true);
    expect(isMoneyUnit('USD', 'USD')).toBe(true);
    // Scenario fields write the scenario currency as USD (`priceUsdPerKwh`).
    expect(isMoneyUnit('USD/kWh', 'EUR')).toBe(true);
    expect(displayUnit('USD/kWh', 'EUR')).toBe('EUR/kWh');
    // Three capital letters that are not the currency: BTU per hour, full-time equivalents.
    expect(isMoneyUnit('BTU/h', 'USD')).toBe(false);
    expect(isMoneyUnit('FTE', 'USD')).toBe(false);
  });

  it('a cooling load in BTU/h stays BTU/h (not dollars per hour)', () => {
    expect(displayUnit('BTU/h', 'USD')).toBe('BTU/h');
    expect(formatMetric(4178005, 'BTU/h', 'USD')).toMatch(
      /^4[,.\s\u202f]?178[,.\s\u202f]?005 BTU\/h$/,
    );
    expect(displayUnit('¤/yr', 'EUR')).toBe('EUR/yr');
    expect(formatMetric(1234, '¤/yr', 'EUR')).toContain('€');
    expect(formatMetric(1234, '¤/yr', 'EUR')).toMatch(/\/yr$/);
  });

  it('a count of exactly one takes the singular (1 GPU, 1 rack); others and rates stay plural', () => {
    expect(formatMetric(1, 'GPUs')).toBe('1 GPU');
    expect(formatMetric(1, 'racks')).toBe('1 rack');
    expect(formatMetric(2, 'GPUs')).toBe('2 GPUs');
    expect(formatMetric(1.04, 'GPUs')).toBe('1.04 GPUs');
    expect(formatMetric(1, 'tokens/s')).toBe('1 tokens/s');
    expect(formatMetric(1, 'kW')).toBe('1 kW');
  });

  it('money under half a cent keeps three significant digits instead of reading $0', () => {
    expect(formatMetric(0.0042, '¤/Mtok')).toBe('$0.0042/Mtok');
    expect(formatMetric(-0.00123, '¤/Mtok')).toBe('-$0.00123/Mtok');
    expect(formatMetric(0.57, '¤/Mtok')).toBe('$0.57/Mtok');
    expect(formatMetric(0, '¤/Mtok')).toBe('$0/Mtok');
    expect(formatMetric(0.004, '¤')).toBe('$0.004');
  });
});
