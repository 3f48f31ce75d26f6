// @vitest-environment jsdom
import '../../../renderer/zodConfig';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serializeRecovery } from '../../../model/files';
import { AUTOSAVE_DELAY_MS } from '../../../renderer/features/files/autosave';
import { FileActions, FileShell } from '../../../renderer/features/files/FileActions';
import { pendingUnsavedQuestion } from '../../../renderer/features/files/unsavedPrompt';
import { HelpPanel } from '../../../renderer/features/help/HelpPanel';
import { DesktopApiProvider } from '../../../renderer/platform/desktopApi';
import { useAppStore } from '../../../renderer/store';
import { selectDirty } from '../../../renderer/store/fileSlice';
import { fakeApi } from './fakeApi';

const initial = useAppStore.getState();

beforeEach(() => {
  useAppStore.setState(initial, true);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function mount(api: ReturnType<typeof fakeApi>) {
  return render(
    <DesktopApiProvider api={api}>
      <FileShell />
      <FileActions />
    </DesktopApiProvider>,
  );
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

function firstId(): string {
  return useAppStore.getState().history.present.scenarios[0]!.id;
}

describe('FileShell', () => {
  it('in a browser, leaving the page asks only while there are unsaved changes (beforeunload)', async () => {
    mount(fakeApi());
    await flush();
    const leave = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(leave()).toBe(false);
    act(() => useAppStore.getState().rename(firstId(), 'edited'));
    expect(leave()).toBe(true);
    act(() => useAppStore.getState().undo());
    expect(leave()).toBe(false);
  });

  it('in the desktop shell the close handler asks instead: no beforeunload', async () => {
    const desktop = fakeApi();
    Object.defineProperty(window, 'clusterplanDesktop', { value: desktop, configurable: true });
    try {
      mount(desktop);
      await flush();
      act(() => useAppStore.getState().rename(firstId(), 'edited'));
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      expect(e.defaultPrevented).toBe(false);
    } finally {
      Reflect.deleteProperty(window, 'clusterplanDesktop');
    }
  });

  it('autosaves unsaved work after a quiet time, reports the title state, clears when clean', async () => {
    const api = fakeApi();
    mount(api);
    await flush();
    expect(api.setDocumentState).toHaveBeenLastCalledWith({ fileName: null, dirty: false });
    expect(api.onMenuCommand).toHaveBeenCalledTimes(1);

    act(() => useAppStore.getState().rename(firstId(), 'edited'));
    expect(api.setDocumentState).toHaveBeenLastCalledWith({ fileName: null, dirty: true });
    expect(screen.getByTestId('document-name').textContent).toBe('Untitled• (unsaved changes)');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS / 2));
    // Debounced: another edit restarts the wait.
    act(() => useAppStore.getState().rename(firstId(), 'edited twice'));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS / 2 + 10));
    expect(api.writeRecovery).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(api.writeRecovery).toHaveBeenCalledTimes(1);
    const copy = vi.mocked(api.writeRecovery).mock.calls[0]![0].contents;
    expect(JSON.parse(copy)).toMatchObject({ format: 'clusterplan-recovery', fileName: null });
    expect(copy).toContain('edited twice');

    // Undo back to the saved state: clean, the copy is deleted.
    act(() => useAppStore.getState().undo());
    act(() => useAppStore.getState().undo());
    expect(selectDirty(useAppStore.getState())).toBe(false);
    expect(api.clearRecovery).toHaveBeenCalledTimes(1);
    expect(api.setDocumentState).toHaveBeenLastCalledWith({ fileName: null, dirty: false });
  });

  it('offers a recovery copy at start; nothing is autosaved until the user chooses; Restore brings it back', async () => {
    const id = firstId();
    const copy = serializeRecovery({
      savedAt: '2026-11-22T01:00:00.000Z',
      fileName: 'plan.json',
      filePath: '/d/plan.json',
      baseline: 0,
      scenarios: [
        { ...useAppStore.getState().history.present.scenarios[0]!.doc, name: 'lost work' },
      ],
    });
    const api = fakeApi({ readRecovery: vi.fn(() => Promise.resolve([copy])) });
    mount(api);
    await flush();
    const dialog = screen.getByTestId('recovery-dialog');
    expect(dialog.textContent).toContain('plan.json');
    expect(dialog.textContent).toContain('lost work');
    act(() => useAppStore.getState().rename(id, 'typed behind the dialog'));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3));
    expect(api.writeRecovery).not.toHaveBeenCalled();
    expect(api.clearRecovery).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await flush();
    expect(screen.queryByTestId('recovery-dialog')).toBeNull();
    const s = useAppStore.getState();
    expect(s.history.present.scenarios.map((x) => x.doc['name'])).toEqual(['lost work']);
    expect(s.currentFile).toEqual({ fileName: 'plan.json', filePath: '/d/plan.json' });
    expect(screen.getByTestId('document-name').textContent).toContain('plan.json');
    // Restored work is unsaved, so autosave now keeps it.
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10));
    expect(api.writeRecovery).toHaveBeenCalled();
  });

  it('Discard deletes the copy and keeps what is open', async () => {
    const copy = serializeRecovery({
      savedAt: 'x',
      fileName: null,
      filePath: null,
      baseline: 0,
      scenarios: [{ name: 'lost' }],
    });
    const api = fakeApi({ readRecovery: vi.fn(() => Promise.resolve([copy])) });
    const before = useAppStore.getState().history;
    mount(api);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await flush();
    expect(api.clearRecovery).toHaveBeenCalledTimes(1);
    expect(useAppStore.getState().history).toBe(before);
  });

  it('a copy that does not read falls back to the one before it; neither is deleted', async () => {
    const older = serializeRecovery({
      savedAt: '2026-11-22T00:59:00.000Z',
      fileName: null,
      filePath: null,
      baseline: 0,
      scenarios: [{ name: 'autosave before' }],
    });
    const api = fakeApi({ readRecovery: vi.fn(() => Promise.resolve(['{"broken"', older])) });
    mount(api);
    await flush();
    expect(screen.getByTestId('recovery-dialog').textContent).toContain('autosave before');
    expect(api.clearRecovery).not.toHaveBeenCalled();
  });

  it('no copy that reads: no offer, and nothing deleted', async () => {
    const api = fakeApi({ readRecovery: vi.fn(() => Promise.resolve(['{"broken"', '[]'])) });
    mount(api);
    await flush();
    expect(screen.queryByTestId('recovery-dialog')).toBeNull();
    expect(api.clearRecovery).not.toHaveBeenCalled();
  });

  it('runs menu commands from the shell (New, Save through the typed listener)', async () => {
    const api = fakeApi({
      saveScenarioFile: vi.fn(() =>
        Promise.resolve({ saved: true as const, fileName: 'm.json', filePath: '/d/m.json' }),
      ),
    });
    mount(api);
    await flush();
    expect(api.menuListeners).toHaveLength(1);
    act(() => api.menuListeners[0]!({ command: 'new' }));
    expect(useAppStore.getState().history.present.scenarios).toHaveLength(1);
    // Over unsaved work, New from the menu asks first (the app's dialog); Cancel keeps it.
    act(() => {
      useAppStore.getState().duplicate(firstId());
    });
    act(() => api.menuListeners[0]!({ command: 'new' }));
    await flush();
    expect(pendingUnsavedQuestion()?.opening).toBeNull();
    expect(await screen.findByTestId('unsaved-dialog')).toBeTruthy();
    act(() => pendingUnsavedQuestion()!.answer('cancel'));
    await flush();
    expect(useAppStore.getState().history.present.scenarios).toHaveLength(2);
    await act(async () => api.menuListeners[0]!({ command: 'saveThenClose' }));
    await flush();
    expect(api.saveScenarioFile).toHaveBeenCalledTimes(1);
    expect(api.closeWindow).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('document-name').textContent).toBe('m.json');
    cleanup();
    expect(api.menuListeners).toHaveLength(0);
  });

  it('Edit ▸ Undo and Help ▸ Keyboard Shortcuts from the menu reach the workspace and the help panel', async () => {
    const api = fakeApi();
    render(
      <DesktopApiProvider api={api}>
        <FileShell />
        <HelpPanel />
      </DesktopApiProvider>,
    );
    await flush();
    const before = useAppStore.getState().history.present;
    act(() => useAppStore.getState().rename(firstId(), 'edited'));
    act(() => api.menuListeners[0]!({ command: 'undo' }));
    expect(useAppStore.getState().history.present).toBe(before);
    act(() => api.menuListeners[0]!({ command: 'redo' }));
    expect(useAppStore.getState().history.present).not.toBe(before);
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    act(() => api.menuListeners[0]!({ command: 'shortcuts' }));
    expect(screen.getAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(1);
  });
});
