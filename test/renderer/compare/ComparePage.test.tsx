// @vitest-environment jsdom
import '../../../renderer/zodConfig';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ComparePage } from '../../../renderer/features/compare/ComparePage';
import { setCompareView, INITIAL_VIEW } from '../../../renderer/features/compare/compareView';
import { useAppStore } from '../../../renderer/store';

afterEach(() => {
  cleanup();
  setCompareView(() => INITIAL_VIEW);
});

describe('ComparePage', () => {
  it('picks the two builds of "Difference explained" with native selects', () => {
    render(<ComparePage />);
    const scenarios = useAppStore.getState().history.present.scenarios;
    const names = scenarios.map((s) => (s.doc as { name: string }).name);
    const a = screen.getByRole('combobox', { name: 'Build A' }) as HTMLSelectElement;
    const b = screen.getByRole('combobox', { name: 'Build B' }) as HTMLSelectElement;
    expect(
      within(a)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(names);
    // A is the baseline, B the other build; the difference tables are shown.
    expect(a.value).toBe(scenarios[0]!.id);
    expect(b.value).toBe(scenarios[1]!.id);
    expect(screen.getByTestId('difference').textContent).toContain('Capex lines');
    // The same build on both sides: every line's gap is zero.
    fireEvent.change(b, { target: { value: scenarios[0]!.id } });
    expect((screen.getByRole('combobox', { name: 'Build B' }) as HTMLSelectElement).value).toBe(
      scenarios[0]!.id,
    );
    const totals = within(screen.getByTestId('difference'))
      .getAllByRole('row')
      .filter((r) => r.textContent?.startsWith('Total gap'));
    expect(totals.length).toBeGreaterThan(0);
    for (const t of totals) expect(t.textContent).not.toMatch(/[+−]/);
  });

  it('customises rows with a toggle button (aria-pressed)', () => {
    render(<ComparePage />);
    const toggle = screen.getByRole('button', { name: 'Customise rows' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Hide Throughput' })).toBeNull();
    act(() => toggle.click());
    const done = screen.getByRole('button', { name: 'Done customising rows' });
    expect(done.getAttribute('aria-pressed')).toBe('true');
    act(() => screen.getByRole('button', { name: 'Hide Throughput' }).click());
    expect(screen.queryByTestId('row-tokens_per_s')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Show row Throughput' }).click());
    expect(screen.getByTestId('row-tokens_per_s')).toBeTruthy();
  });
});
