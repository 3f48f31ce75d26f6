/**
 * Loads electron/main.ts against a mocked `electron` module (the real one cannot load here:
 * its binary is downloaded lazily and there is no network) and checks what the shell wires up.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

const state = vi.hoisted(() => ({
  appListeners: new Map<string, (...args: unknown[]) => unknown>(),
  handled: new Map<string, (...args: unknown[]) => unknown>(),
  privileged: [] as unknown[],
  windows: [] as { options: Record<string, unknown>; url?: string }[],
  permissionRequest: undefined as undefined | ((...args: unknown[]) => unknown),
  permissionCheck: undefined as undefined | ((...args: unknown[]) => unknown),
  protocolHandlers: new Map<string, (...args: unknown[]) => unknown>(),
  openExternal: [] as string[],
  ready: undefined as undefined | (() => void),
}));

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => [];
    static getFocusedWindow = () => undefined;
    record: { options: Record<string, unknown>; url?: string };
    constructor(options: Record<string, unknown>) {
      this.record = { options };
      state.windows.push(this.record);
    }
    once() {}
    loadURL(url: string) {
      this.record.url = url;
      return Promise.resolve();
    }
  }
  return {
    app: {
      on: (name: string, fn: Listener) => state.appListeners.set(name, fn),
      whenReady: () =>
        new Promise<void>((resolve) => {
          state.ready = resolve;
        }),
      getName: () => 'ClusterPlan',
      getVersion: () => '0.0.0-test',
      quit: () => undefined,
    },
    BrowserWindow,
    dialog: {},
    ipcMain: { handle: (ch: string, fn: Listener) => state.handled.set(ch, fn) },
    net: { fetch: vi.fn() },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => state.privileged.push(...s),
      handle: (scheme: string, fn: Listener) => state.protocolHandlers.set(scheme, fn),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: Listener) => {
          state.permissionRequest = fn;
        },
        setPermissionCheckHandler: (fn: Listener) => {
          state.permissionCheck = fn;
        },
      },
    },
    shell: { openExternal: (url: string) => state.openExternal.push(url) },
  };
});

beforeAll(async () => {
  await import('../../electron/main');
  state.ready?.();
  await new Promise((r) => setTimeout(r, 0));
});

describe('electron main wiring', () => {
  it('registers app:// as a standard secure scheme and serves it', () => {
    expect(state.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(state.protocolHandlers.has('app')).toBe(true);
  });

  it('opens one sandboxed, isolated window on the app origin', () => {
    expect(state.windows).toHaveLength(1);
    const w = state.windows[0]!;
    expect(w.url).toBe('app://clusterplan/index.html');
    expect(w.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
  });

  it('denies every permission request and check', () => {
    const cb = vi.fn();
    state.permissionRequest?.({}, 'media', cb);
    expect(cb).toHaveBeenCalledWith(false);
    expect(state.permissionCheck?.({}, 'notifications')).toBe(false);
  });

  it('registers exactly the contract channels, each guarded', async () => {
    expect([...state.handled.keys()].sort()).toEqual([
      'clusterplan:get-app-info',
      'clusterplan:open-external',
      'clusterplan:open-text-file',
      'clusterplan:save-text-file',
    ]);
    const info = state.handled.get('clusterplan:get-app-info')!;
    await expect(
      info({ senderFrame: { url: 'https://evil.example/', parent: null } }, {}),
    ).rejects.toThrow(/origin not allowed/);
    await expect(
      info({ senderFrame: { url: 'app://clusterplan/index.html', parent: null } }, {}),
    ).resolves.toMatchObject({ name: 'ClusterPlan', version: '0.0.0-test' });
  });

  it('denies new windows and navigation, opening only allow-listed https links outside', () => {
    const created = state.appListeners.get('web-contents-created')!;
    const on = new Map<string, Listener>();
    let openHandler: Listener | undefined;
    created(
      {},
      {
        setWindowOpenHandler: (fn: Listener) => {
          openHandler = fn;
        },
        on: (name: string, fn: Listener) => on.set(name, fn),
      },
    );
    expect(openHandler?.({ url: 'https://arxiv.org/abs/1' })).toEqual({ action: 'deny' });
    expect(openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(state.openExternal).toEqual(['https://arxiv.org/abs/1']);
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      on.get(name)?.({ preventDefault }, 'https://evil.example/');
      expect(preventDefault, name).toHaveBeenCalled();
    }
  });

  it('serves only files inside the renderer folder, and nothing for other hosts', async () => {
    const electron = await import('electron');
    const fetchMock = vi.mocked(electron.net.fetch);
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    const serve = state.protocolHandlers.get('app')!;
    for (const url of [
      'app://clusterplan/%2e%2e/%2e%2e/etc/passwd',
      'app://clusterplan/../../etc/passwd',
      'app://clusterplan/assets/..%2f..%2f..%2fetc/passwd',
      'app://other/index.html',
    ]) {
      const res = (await serve(new Request(url))) as Response;
      expect(res.status, url).toBe(404);
    }
    const rendererDir = path.resolve(__dirname, '..', '..', 'dist', 'renderer');
    for (const [arg] of fetchMock.mock.calls) {
      expect(fileURLToPath(String(arg)).startsWith(rendererDir + path.sep)).toBe(true);
    }
  });
});
