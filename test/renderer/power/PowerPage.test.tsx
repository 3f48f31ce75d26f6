// @vitest-environment jsdom
import '../../../renderer/zodConfig';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PowerPage } from '../../../renderer/features/power/PowerPage';
import { useAppStore } from '../../../renderer/store';

// recharts' ResponsiveContainer measures its parent; jsdom has no layout engine.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const initialState = useAppStore.getState();
beforeEach(() => useAppStore.setState(initialState, true));
afterEach(cleanup);

describe('PowerPage', () => {
  it('shows the active scenario’s power, energy and money with units, and its build', () => {
    render(<PowerPage />);
    for (const name of [
      'IT power by line',
      'What the GPUs do while running',
      'One node by component',
      'Network and storage',
      'Facility and energy',
      'What the build is',
    ]) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    expect(screen.getByTestId('pw-kpi-it-running').textContent).toMatch(/^[\d,.]+ kW$/);
    expect(screen.getByTestId('pw-kpi-gpu').textContent).toMatch(/^[\d,.]+ W$/);
    expect(screen.getByTestId('pw-kpi-electricity-cost').textContent).toMatch(/^\$[\d,.]+\/yr$/);
    expect(screen.getByTestId('pw-kpi-price').textContent).toMatch(/^\$0\.\d+\/kWh$/);
    // The template sets its scale-out bandwidth; it leaves the utilisation to its default.
    const gbps = screen.getByTestId('pw-assumption-network.gbpsPerGpu');
    expect(gbps.getAttribute('data-prov')).toBe('scenario');
    expect(gbps.textContent).toContain('400 Gb/s');
    expect(screen.getByTestId('pw-assumption-finance.utilization').getAttribute('data-prov')).toBe(
      'default',
    );
  });

  it('follows the scenario: another scenario, another currency', () => {
    const [first, second] = useAppStore.getState().history.present.scenarios;
    if (!first || !second) throw new Error('the default workspace has two scenarios');
    render(<PowerPage />);
    const select = screen.getByRole('combobox', { name: 'Scenario' }) as HTMLSelectElement;
    expect(select.value).toBe(first.id);
    fireEvent.change(select, { target: { value: second.id } });
    expect(useAppStore.getState().activeId).toBe(second.id);
    // Money follows the scenario currency.
    useAppStore.getState().setField(second.id, ['finance', 'currency'], 'EUR');
    useAppStore.getState().setField(second.id, ['finance', 'fxPerUsd'], 0.9);
    cleanup();
    render(<PowerPage />);
    expect(screen.getByTestId('pw-kpi-electricity-cost').textContent).toMatch(/^€[\d,.]+\/yr$/);
    const price = within(screen.getByTestId('pw-section-facility')).getByTestId(
      'pw-assumption-facility.electricityPerKwh',
    );
    expect(price.textContent).toMatch(/€0\.\d+\/kWh/);
    expect(screen.getByText(/money in EUR/)).toBeTruthy();
  });

  it('a serving deployment that meets its limits at no rate says why it sizes no fleet', () => {
    const id = useAppStore.getState().addFromTemplate('serving-70b')!;
    render(<PowerPage />);
    expect(within(screen.getByTestId('pw-fleet')).getByText(/Peak demand/)).toBeTruthy();
    cleanup();
    // A 5 ms TPOT limit for the load and the sizing target: no copy meets it.
    useAppStore.getState().setField(id, ['workload', 'serving', 'load', 'tpotLimitMs'], 5);
    useAppStore.getState().setField(id, ['workload', 'target', 'tpotLimitMs'], 5);
    render(<PowerPage />);
    const fleet = screen.getByTestId('pw-fleet');
    expect(fleet.textContent).toMatch(/No fleet is sized/);
    expect(within(fleet).queryByText(/Peak demand/)).toBeNull();
  });

  it('names the fields that keep a scenario from evaluating', () => {
    const [first] = useAppStore.getState().history.present.scenarios;
    useAppStore.getState().setField(first!.id, ['cluster', 'compute', 'gpus'], -8);
    render(<PowerPage />);
    expect(screen.getByTestId('pw-no-result').textContent).toContain('Compute › GPUs');
  });
});
