/**
 * A second launch while ClusterPlan runs: the single-instance lock is held by the first, so
 * this one quits at once (Electron forwards its arguments, and so its file, to the first via
 * `second-instance`). It opens no window, registers no IPC and never touches userData, so it
 * can neither offer nor delete the first one's recovery copy, nor autosave beside it.
 */
import { describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({
  quit: 0,
  windows: 0,
  handled: 0,
  ready: 0,
  userData: 0,
}));

vi.mock('electron', () => ({
  app: {
    requestSingleInstanceLock: () => false,
    quit: () => {
      state.quit += 1;
    },
    on: () => undefined,
    whenReady: () => {
      state.ready += 1;
      return new Promise(() => undefined);
    },
    getPath: () => {
      state.userData += 1;
      return '/nonexistent';
    },
    getName: () => 'ClusterPlan',
    isPackaged: false,
  },
  BrowserWindow: class {
    static getAllWindows = () => [];
    constructor() {
      state.windows += 1;
    }
  },
  ipcMain: {
    handle: () => {
      state.handled += 1;
    },
  },
  protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
  dialog: {},
  Menu: {},
  net: {},
  screen: {},
  session: {},
  shell: {},
}));

describe('second instance', () => {
  it('quits without a window, IPC or userData when another instance holds the lock', async () => {
    await import('../../electron/main');
    await new Promise((r) => setTimeout(r, 10));
    expect(state.quit).toBe(1);
    expect(state.ready).toBe(0);
    expect(state.windows).toBe(0);
    expect(state.handled).toBe(0);
    expect(state.userData).toBe(0);
  });
});
