import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, parseLocaleNumber } from '../../../renderer/format/format';

describe('parseLocaleNumber (the editor number input)', () => {
  it('reads numbers as typed in the locale', () => {
    expect(parseLocaleNumber('1,024', 'en-US')).toBe(1024);
    expect(parseLocaleNumber('2,000,000,000,000', 'en-US')).toBe(2e12);
    expect(parseLocaleNumber('0.85', 'en-US')).toBe(0.85);
    expect(parseLocaleNumber('1.024,5', 'de-DE')).toBe(1024.5);
    expect(parseLocaleNumber('1\u202f024,5', 'fr-FR')).toBe(1024.5);
    expect(parseLocaleNumber('-3', 'en-US')).toBe(-3);
    expect(parseLocaleNumber('2e12', 'en-US')).toBe(2e12);
  });

  it('rejects what is not a number (the field then keeps its value)', () => {
    for (const t of ['', '  ', 'abc', '1,0,2a', '--1', '1e', '.']) {
      expect(parseLocaleNumber(t, 'en-US'), t).toBeNaN();
    }
  });

  it('round-trips what the formatter shows, in several locales (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'en-IN', 'ja-JP', 'es-ES'),
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        (locale, x) => {
          const shown = formatNumber(x, 6, locale);
          const back = parseLocaleNumber(shown, locale);
          return Math.abs(back - Number(x.toFixed(6))) <= 1e-6 * Math.max(1, Math.abs(x));
        },
      ),
      { numRuns: 500 },
    );
  });
});
