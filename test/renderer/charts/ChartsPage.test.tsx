// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartsPage } from '../../../renderer/features/charts/ChartsPage';
import { useAppStore } from '../../../renderer/store';

// recharts' ResponsiveContainer measures its parent; jsdom has no layout engine.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(cleanup);

describe('ChartsPage', () => {
  it('titles every chart and says why an invalid scenario is not shown', () => {
    const [first] = useAppStore.getState().history.present.scenarios;
    if (!first) throw new Error('the default workspace has two scenarios');
    useAppStore.getState().setField(first.id, ['cluster', 'compute', 'gpus'], -8);
    render(<ChartsPage />);
    for (const title of [
      'Capital cost by line (USD)',
      'Operating cost per year by line (USD/year)',
      'Average power by component (kW)',
      'Training step time breakdown (s)',
      'Time to train (days)',
      'Throughput against GPU count (tokens/s)',
      'Scaling efficiency against GPU count (%)',
      'Cost over the horizon: owning against cloud rental',
    ]) {
      const figure = screen.getByRole('figure', { name: title });
      // The invalid scenario is listed with the field that makes it invalid.
      expect(within(figure).getByText(/Compute › GPUs:/)).toBeTruthy();
    }
    // The other scenario still has its data table.
    const capex = screen.getByTestId('chart-capex');
    expect(within(capex).getAllByRole('row')).toHaveLength(2);
    // Undo restores the scenario: nothing excluded any more.
    useAppStore.getState().undo();
    cleanup();
    render(<ChartsPage />);
    expect(screen.queryByTestId('chart-capex-excluded')).toBeNull();
  });
});
