import { describe, expect, it, vi } from 'vitest';
import { MENU_COMMANDS, type MenuCommand } from '../../../electron/contract';
import { autosaveStep } from '../../../renderer/features/files/autosave';
import {
  fileShortcutFor,
  runMenuCommand,
  type MenuActions,
} from '../../../renderer/features/files/menuCommands';

function actions(saved = true) {
  return {
    newFile: vi.fn(),
    open: vi.fn(() => Promise.resolve(true)),
    addFromFile: vi.fn(() => Promise.resolve(1)),
    save: vi.fn(() => Promise.resolve(saved)),
    closeWindow: vi.fn(() => Promise.resolve()),
    exportAs: vi.fn(),
    undoRedo: vi.fn(),
    showShortcuts: vi.fn(),
  } satisfies MenuActions;
}

describe('runMenuCommand', () => {
  it.each<[MenuCommand, keyof MenuActions, unknown[]]>([
    [{ command: 'new' }, 'newFile', []],
    [{ command: 'open' }, 'open', []],
    [{ command: 'openRecent', filePath: '/d/a.json' }, 'open', ['/d/a.json']],
    [{ command: 'addFromFile' }, 'addFromFile', []],
    [{ command: 'save' }, 'save', [false]],
    [{ command: 'saveAs' }, 'save', [true]],
    [{ command: 'exportPdf' }, 'exportAs', ['pdf']],
    [{ command: 'exportXlsx' }, 'exportAs', ['xlsx']],
    [{ command: 'exportCsv' }, 'exportAs', ['csv']],
    [{ command: 'undo' }, 'undoRedo', ['undo']],
    [{ command: 'redo' }, 'undoRedo', ['redo']],
    [{ command: 'shortcuts' }, 'showShortcuts', []],
  ])('%o runs %s', async (command, action, args) => {
    const a = actions();
    await runMenuCommand(command, a);
    expect(a[action]).toHaveBeenCalledWith(...args);
    const others = Object.entries(a).filter(([k]) => k !== action);
    for (const [k, fn] of others) expect(fn, k).not.toHaveBeenCalled();
  });

  it('handles every command the menu can send', async () => {
    for (const name of MENU_COMMANDS) {
      const a = actions();
      await runMenuCommand(
        name === 'openRecent' || name === 'openPath'
          ? { command: name, filePath: '/a' }
          : { command: name },
        a,
      );
      const calls = Object.values(a).reduce((n, fn) => n + fn.mock.calls.length, 0);
      expect(calls, name).toBeGreaterThan(0);
    }
  });

  it('a file the system opened (double-click, second launch) opens like a recent one', async () => {
    const a = actions();
    await runMenuCommand({ command: 'openPath', filePath: '/d/plan.clusterplan' }, a);
    expect(a.open).toHaveBeenCalledWith('/d/plan.clusterplan');
  });

  it('save then close closes only once the file is saved', async () => {
    const ok = actions(true);
    await runMenuCommand({ command: 'saveThenClose' }, ok);
    expect(ok.save).toHaveBeenCalledWith(false);
    expect(ok.closeWindow).toHaveBeenCalledTimes(1);
    const cancelled = actions(false);
    await runMenuCommand({ command: 'saveThenClose' }, cancelled);
    expect(cancelled.closeWindow).not.toHaveBeenCalled();
  });
});

describe('fileShortcutFor', () => {
  const key = (
    k: string,
    mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
  ) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });
  it('maps Ctrl/⌘+S, Shift+Ctrl+S and Ctrl+O; nothing else', () => {
    expect(fileShortcutFor(key('s', { ctrlKey: true }))).toBe('save');
    expect(fileShortcutFor(key('s', { metaKey: true }))).toBe('save');
    expect(fileShortcutFor(key('S', { ctrlKey: true, shiftKey: true }))).toBe('saveAs');
    expect(fileShortcutFor(key('o', { ctrlKey: true }))).toBe('open');
    expect(fileShortcutFor(key('s'))).toBeNull();
    expect(fileShortcutFor(key('s', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(fileShortcutFor(key('z', { ctrlKey: true }))).toBeNull();
  });
});

describe('autosaveStep', () => {
  it('writes while unsaved, clears once clean after writing, else does nothing', () => {
    expect(autosaveStep(true, false)).toBe('write');
    expect(autosaveStep(true, true)).toBe('write');
    expect(autosaveStep(false, true)).toBe('clear');
    expect(autosaveStep(false, false)).toBe('none');
  });
});
