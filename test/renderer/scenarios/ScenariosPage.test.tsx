// @vitest-environment jsdom
import '../../../renderer/zodConfig';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScenariosPage } from '../../../renderer/features/scenarios/ScenariosPage';
import { HelpPanel } from '../../../renderer/features/help/HelpPanel';
import { useAppStore } from '../../../renderer/store';

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
});
