import { describe, expect, it } from 'vitest';
import { formatErrorPct } from '../../../renderer/format/format';

describe('formatErrorPct', () => {
  it('never prints a positive error as none', () => {
    expect(formatErrorPct(0.0004)).toBe('< 0.1');
    expect(formatErrorPct(0.049)).toBe('< 0.1');
    expect(formatErrorPct(0.05)).toBe('0.1');
  });
  it('prints zero and larger errors to one decimal', () => {
    expect(formatErrorPct(0)).toBe('0');
    expect(formatErrorPct(7.94)).toBe('7.9');
    expect(formatErrorPct(67.6)).toBe('67.6');
  });
});
