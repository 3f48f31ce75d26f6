import { describe, expect, it } from 'vitest';
import { fmtFigure } from '../../../renderer/features/search/SearchPage';

describe('design search figures', () => {
  it('writes money per million tokens with the currency sign and three significant digits', () => {
    expect(fmtFigure('cost_per_million_tokens_usd', 0.4324, 'USD')).toBe('$0.432/Mtok');
    expect(fmtFigure('cost_per_million_tokens_usd', 0.4336, 'USD')).toBe('$0.434/Mtok');
    expect(fmtFigure('cost_per_million_tokens_usd', 1.2, 'EUR')).toBe('€1.20/Mtok');
    expect(fmtFigure('cost_per_million_tokens_usd', null, 'USD')).toBe('—');
  });
  it('writes whole-build money compactly, as the table always has', () => {
    expect(fmtFigure('tco_usd', 61_900_000, 'USD')).toBe('$61.9M');
  });
});
