/**
 * Loads electron/preload.ts against a mocked `electron`: it exposes exactly the DesktopApi
 * operations, each invoking its own channel, and menu events reach the page only when valid.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MENU_COMMAND_CHANNEL } from '../../electron/channels';
import { CHANNELS, type DesktopApi, type MenuCommand } from '../../electron/contract';

const state = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: [] as [string, unknown][],
  listeners: new Map<string, ((...args: unknown[]) => void)[]>(),
}));

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => state.exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: (channel: string, payload: unknown) => {
      state.invoke.push([channel, payload]);
      return Promise.resolve(null);
    },
    on: (channel: string, fn: (...args: unknown[]) => void) => {
      state.listeners.set(channel, [...(state.listeners.get(channel) ?? []), fn]);
    },
    removeListener: (channel: string, fn: (...args: unknown[]) => void) => {
      state.listeners.set(
        channel,
        (state.listeners.get(channel) ?? []).filter((f) => f !== fn),
      );
    },
  },
}));

let api: DesktopApi;
beforeAll(async () => {
  await import('../../electron/preload');
  api = state.exposed.get('clusterplanDesktop') as DesktopApi;
});

describe('preload', () => {
  it('exposes one method per operation and nothing else', () => {
    expect([...state.exposed.keys()]).toEqual(['clusterplanDesktop']);
    expect(Object.keys(api).sort()).toEqual([...Object.keys(CHANNELS), 'onMenuCommand'].sort());
  });

  it('each operation invokes its own channel with its payload', async () => {
    await api.saveScenarioFile({ suggestedName: 'a.json', contents: '{}' });
    await api.getRecentFiles();
    await api.setDocumentState({ fileName: null, dirty: true });
    expect(state.invoke).toEqual([
      [CHANNELS.saveScenarioFile.channel, { suggestedName: 'a.json', contents: '{}' }],
      [CHANNELS.getRecentFiles.channel, {}],
      [CHANNELS.setDocumentState.channel, { fileName: null, dirty: true }],
    ]);
  });

  it('passes on valid menu commands only, without the Electron event, until unsubscribed', () => {
    const emit = (message: unknown) => {
      for (const fn of state.listeners.get(MENU_COMMAND_CHANNEL) ?? []) {
        fn({ sender: 'electron-event' }, message);
      }
    };
    // Sent before the page listens (a file the system opened while the page started): held.
    emit({ command: 'openPath', filePath: '/d/early.clusterplan' });
    emit({ command: 'format-disk' });
    const got: MenuCommand[] = [];
    const off = api.onMenuCommand((c) => got.push(c));
    expect(got).toEqual([{ command: 'openPath', filePath: '/d/early.clusterplan' }]);
    emit({ command: 'save' });
    emit({ command: 'format-disk' });
    emit({ command: 'openRecent' });
    emit('save');
    emit({ command: 'openRecent', filePath: '/d/a.json' });
    expect(got).toEqual([
      { command: 'openPath', filePath: '/d/early.clusterplan' },
      { command: 'save' },
      { command: 'openRecent', filePath: '/d/a.json' },
    ]);
    off();
    emit({ command: 'save' });
    expect(got).toHaveLength(3);
    // One listener on the channel, registered by the preload itself.
    expect(state.listeners.get(MENU_COMMAND_CHANNEL)).toHaveLength(1);
  });
});
