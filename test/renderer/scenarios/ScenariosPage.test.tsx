// @vitest-environment jsdom
import '../../../renderer/zodConfig';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScenariosPage } from '../../../renderer/features/scenarios/ScenariosPage';
import { HelpPanel } from '../../../renderer/features/help/HelpPanel';
import { useAppStore } from '../../../renderer/store';

// Every test starts from the store's initial state (two template scenarios, no history).
const initialState = useAppStore.getState();
beforeEach(() => useAppStore.setState(initialState, true));
afterEach(cleanup);

function gpusInput(): HTMLInputElement {
  return within(screen.getByTestId('field-cluster.compute.gpus')).getByRole('textbox');
}

describe('ScenariosPage', () => {
  it('shows the open scenarios, their fields with units, and the live result', () => {
    render(<ScenariosPage />);
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(gpusInput().value).toBe('1,024');
    expect(screen.getByTestId('field-cluster.compute.gpus').textContent).toContain('GPUs (GPUs)');
    expect(screen.getByTestId('kpi-tokens_per_s').textContent).toMatch(/tokens\/s/);
    expect(screen.getByTestId('summary-bottleneck').textContent).toMatch(/bound/i);
    // The layout the engine resolved (or was given), TP·PP·DP product = the 1,024 GPUs.
    const layout = screen.getByTestId('summary-layout').textContent ?? '';
    const n = (k: string) => Number(new RegExp(`${k} (\\d+)`).exec(layout)?.[1] ?? NaN);
    expect(n('TP') * n('PP') * n('DP') * (n('CP') || 1)).toBe(1024);
    expect(layout).toMatch(/micro batch \d+ · ZeRO-\d/);
    expect(layout).toMatch(/recompute (none|selective|full)/);
  });

  it('shows a store edit, its inline error naming the field and range, and undoes it by keyboard', () => {
    render(
      <>
        <ScenariosPage />
        <HelpPanel />
      </>,
    );
    const id = useAppStore.getState().activeId!;
    act(() => useAppStore.getState().setField(id, ['cluster', 'compute', 'gpus'], 0));
    expect(gpusInput().value).toBe('0');
    expect(
      screen.getAllByText('GPUs must be an integer from 1 to 1e6 GPUs').length,
    ).toBeGreaterThan(0);
    act(() => {
      fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    });
    expect(gpusInput().value).toBe('1,024');
    act(() => {
      fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    });
    expect(gpusInput().value).toBe('0');
    act(() => useAppStore.getState().undo());
  });

  it('moves between scenario tabs with the arrow keys, Home and End (one tab stop)', () => {
    render(<ScenariosPage />);
    const tablist = screen.getByRole('tablist', { name: 'Open scenarios' });
    const tabs = within(tablist).getAllByRole('tab');
    const ids = useAppStore.getState().history.present.scenarios.map((s) => s.id);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1]);
    act(() => {
      tabs[0]!.focus();
      fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    });
    expect(useAppStore.getState().activeId).toBe(ids[1]);
    const after = within(tablist).getAllByRole('tab');
    expect(after[1]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(after[1]);
    // The panel is labelled by the selected tab.
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(after[1]!.id);
    act(() => {
      fireEvent.keyDown(after[1]!, { key: 'ArrowRight' });
    });
    expect(useAppStore.getState().activeId).toBe(ids[0]);
    act(() => {
      fireEvent.keyDown(within(tablist).getAllByRole('tab')[0]!, { key: 'End' });
    });
    expect(useAppStore.getState().activeId).toBe(ids[1]);
    act(() => {
      fireEvent.keyDown(within(tablist).getAllByRole('tab')[1]!, { key: 'Home' });
    });
    expect(useAppStore.getState().activeId).toBe(ids[0]);
  });

  it('commits typed numbers on Enter, restores them on Escape, and marks typing as dirty', () => {
    render(<ScenariosPage />);
    const id = useAppStore.getState().activeId!;
    const gpus = () => useAppStore.getState().history.present.scenarios.find((s) => s.id === id);
    const before = JSON.stringify(gpus());
    fireEvent.change(gpusInput(), { target: { value: '512' } });
    expect(gpusInput().dataset.dirty).toBe('true');
    fireEvent.keyDown(gpusInput(), { key: 'Escape' });
    expect(gpusInput().value).toBe('1,024');
    expect(gpusInput().dataset.dirty).toBeUndefined();
    expect(JSON.stringify(gpus())).toBe(before);
    fireEvent.change(gpusInput(), { target: { value: '512' } });
    fireEvent.keyDown(gpusInput(), { key: 'Enter' });
    expect(gpusInput().value).toBe('512');
    expect(gpusInput().dataset.dirty).toBeUndefined();
    act(() => useAppStore.getState().undo());
    expect(gpusInput().value).toBe('1,024');
  });

  it('renames on Enter and restores the name on Escape', () => {
    render(<ScenariosPage />);
    const id = useAppStore.getState().activeId!;
    const nameOf = () =>
      (
        useAppStore.getState().history.present.scenarios.find((s) => s.id === id)?.doc as {
          name: string;
        }
      ).name;
    const original = nameOf();
    const input = () => within(screen.getByTestId('scenario-name')).getByRole('textbox');
    expect((input() as HTMLInputElement).value).toBe(original);
    fireEvent.change(input(), { target: { value: 'Renamed' } });
    expect(input().dataset.dirty).toBe('true');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect((input() as HTMLInputElement).value).toBe(original);
    expect(nameOf()).toBe(original);
    fireEvent.change(input(), { target: { value: 'Renamed' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(nameOf()).toBe('Renamed');
    expect(screen.getAllByRole('tab')[0]!.textContent).toContain('Renamed');
    act(() => useAppStore.getState().undo());
    expect(nameOf()).toBe(original);
  });

  it('renders a closed section only when its summary opens it', () => {
    render(<ScenariosPage />);
    const storage = screen.getByTestId('section-storage') as HTMLDetailsElement;
    expect(storage.open).toBe(false);
    expect(storage.querySelectorAll('[data-testid^="field-cluster.storage."]')).toHaveLength(0);
    act(() => {
      (storage.querySelector('summary') as HTMLElement).click();
    });
    // The toggle event is dispatched as a task after the open state changes.
    act(() => {
      storage.dispatchEvent(new Event('toggle'));
    });
    expect(storage.open).toBe(true);
    expect(
      storage.querySelectorAll('[data-testid^="field-cluster.storage."]').length,
    ).toBeGreaterThan(0);
    expect(within(storage).getByRole('heading', { level: 3 }).textContent).toContain('Storage');
  });

  it('toggles an on/off field with its native checkbox as one undoable edit', () => {
    render(<ScenariosPage />);
    const box = within(screen.getByTestId('field-workload.model.tiedEmbeddings')).getByRole(
      'checkbox',
      { name: /Tied embeddings/ },
    ) as HTMLInputElement;
    expect(box.checked).toBe(false);
    act(() => box.click());
    const after = within(screen.getByTestId('field-workload.model.tiedEmbeddings')).getByRole(
      'checkbox',
    ) as HTMLInputElement;
    expect(after.checked).toBe(true);
    act(() => useAppStore.getState().undo());
    expect(
      (
        within(screen.getByTestId('field-workload.model.tiedEmbeddings')).getByRole(
          'checkbox',
        ) as HTMLInputElement
      ).checked,
    ).toBe(false);
  });

  it('adds a scenario from a model preset through the menu button', () => {
    render(<ScenariosPage />);
    const button = screen.getByRole('button', { name: /Add scenario/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    act(() => button.click());
    const menu = screen.getByRole('menu');
    // Examples, dense and MoE presets, vision, serving and every platform (browser mode: no file).
    expect(within(menu).getAllByRole('group')).toHaveLength(6);
    act(() => within(menu).getByRole('menuitem', { name: 'Llama 3 8B' }).click());
    expect(screen.queryByRole('menu')).toBeNull();
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    expect(tabs[2]!.getAttribute('aria-selected')).toBe('true');
    expect(gpusInput().value).toBe('1,024');
    expect(
      (
        within(screen.getByTestId('field-workload.model.layers')).getByRole(
          'textbox',
        ) as HTMLInputElement
      ).value,
    ).toBe('32');
  });

  it('heads each part of the workload and lets a sizing target be removed', () => {
    render(<ScenariosPage />);
    const training = within(screen.getByTestId('section-workload'));
    // The model shape and the run's settings are separate, named groups.
    for (const name of ['Model', 'Training', 'Parallelism'])
      expect(training.getByRole('group', { name })).toBeTruthy();
    act(() => {
      useAppStore.getState().addFromTemplate('serving-70b');
    });
    const serving = within(screen.getByTestId('section-workload'));
    for (const name of ['Model', 'Serving', 'GPU partitioning', 'Sizing target'])
      expect(serving.getByRole('group', { name })).toBeTruthy();
    // The sizing target's TTFT/TPOT limits sit in their own group, apart from the load's.
    const target = within(serving.getByRole('group', { name: 'Sizing target' }));
    expect(target.getByText('Request rate')).toBeTruthy();
    const id = useAppStore.getState().activeId!;
    const doc = () =>
      useAppStore.getState().history.present.scenarios.find((s) => s.id === id)?.doc as {
        workload: { target: unknown };
      };
    expect(doc().workload.target).not.toBeNull();
    act(() => target.getByRole('button', { name: 'Remove Sizing target' }).click());
    expect(doc().workload.target).toBeNull();
    expect(
      within(serving.getByRole('group', { name: 'Sizing target' })).getByText(/Not set/),
    ).toBeTruthy();
  });

  it('commits a text field on Enter and restores it on Escape', () => {
    render(<ScenariosPage />);
    const finance = screen.getByTestId('section-finance') as HTMLDetailsElement;
    act(() => {
      (finance.querySelector('summary') as HTMLElement).click();
      finance.dispatchEvent(new Event('toggle'));
    });
    const input = () =>
      within(screen.getByTestId('field-finance.currency')).getByRole('textbox') as HTMLInputElement;
    const id = useAppStore.getState().activeId!;
    const currency = () =>
      (
        useAppStore.getState().history.present.scenarios.find((s) => s.id === id)?.doc as {
          finance?: { currency?: string };
        }
      ).finance?.currency;
    const before = currency();
    expect(input().value).toBe('USD');
    fireEvent.change(input(), { target: { value: 'EUR' } });
    expect(input().dataset.dirty).toBe('true');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().value).toBe('USD');
    expect(currency()).toBe(before);
    fireEvent.change(input(), { target: { value: 'EUR' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(currency()).toBe('EUR');
    expect(input().dataset.dirty).toBeUndefined();
  });
});
