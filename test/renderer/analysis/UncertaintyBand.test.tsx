// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { UncertaintyBand } from '../../../renderer/features/analysis/UncertaintyBand';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('UncertaintyBand', () => {
  it('draws the P10–P90 band, the median and the base, named for screen readers', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    act(() => {
      root.render(
        <UncertaintyBand
          p10={90}
          p50={100}
          p90={130}
          base={95}
          domain={[80, 140]}
          format={(v) => `${v} d`}
          width={68}
        />,
      );
    });
    const svg = host.querySelector('svg');
    expect(svg?.getAttribute('role')).toBe('img');
    expect(svg?.getAttribute('aria-label')).toBe(
      'P10 90 d, P50 100 d, P90 130 d; without uncertainty 95 d',
    );
    // Inner width 60 px for 60 units: P10 at 4 + 10, width 40.
    const rect = host.querySelector('rect');
    expect(Number(rect?.getAttribute('x'))).toBeCloseTo(14, 9);
    expect(Number(rect?.getAttribute('width'))).toBeCloseTo(40, 9);
    expect(host.querySelector('.ub-base')).not.toBeNull();
    act(() => root.unmount());
  });
});
