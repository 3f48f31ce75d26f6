/**
 * Loads electron/main.ts against a mocked `electron` module (the real one cannot load here:
 * its binary is downloaded lazily and there is no network) and checks what the shell wires up.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../electron/contract';

type Listener = (...args: unknown[]) => unknown;

const state = await vi.hoisted(async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const p = await import('node:path');
  const userData = fs.mkdtempSync(p.join(os.tmpdir(), 'cp-main-'));
  // A window state left by the last run, partly off the only display now connected.
  fs.writeFileSync(
    p.join(userData, 'window-state.json'),
    JSON.stringify({ x: 1000, y: 50, width: 1500, height: 950, maximized: true }),
  );
  return {
    userData,
    menu: null as unknown,
    instances: [] as unknown[],
    openDialog: { canceled: true, filePaths: [] as string[] },
    saveDialog: { canceled: true, filePath: undefined as string | undefined },
    messageBoxResponse: 2,
    messageBoxCalls: 0,
    appListeners: new Map<string, (...args: unknown[]) => unknown>(),
    handled: new Map<string, (...args: unknown[]) => unknown>(),
    privileged: [] as unknown[],
    windows: [] as { options: Record<string, unknown>; url?: string }[],
    permissionRequest: undefined as undefined | ((...args: unknown[]) => unknown),
    permissionCheck: undefined as undefined | ((...args: unknown[]) => unknown),
    protocolHandlers: new Map<string, (...args: unknown[]) => unknown>(),
    openExternal: [] as string[],
    ready: undefined as undefined | (() => void),
  };
});

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => state.instances;
    static getFocusedWindow = () => state.instances[0];
    record: { options: Record<string, unknown>; url?: string };
    listeners = new Map<string, Listener>();
    title = '';
    sent: unknown[][] = [];
    closed = 0;
    webContents = { send: (...args: unknown[]) => this.sent.push(args) };
    constructor(options: Record<string, unknown>) {
      this.record = { options };
      state.windows.push(this.record);
      state.instances.push(this);
    }
    on(name: string, fn: Listener) {
      this.listeners.set(name, fn);
    }
    once(name: string, fn: Listener) {
      this.listeners.set(name, fn);
    }
    setTitle(t: string) {
      this.title = t;
    }
    setDocumentEdited() {}
    getNormalBounds() {
      return { x: 10, y: 20, width: 1300, height: 820 };
    }
    isMaximized() {
      return false;
    }
    isFullScreen() {
      return false;
    }
    close() {
      this.closed += 1;
      const prevent = {
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      this.listeners.get('close')?.(prevent);
      if (!prevent.defaultPrevented) this.listeners.get('closed')?.();
    }
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
      getPath: (name: string) => (name === 'userData' ? state.userData : '/nonexistent'),
      quit: () => undefined,
    },
    BrowserWindow,
    dialog: {
      showOpenDialog: () => Promise.resolve(state.openDialog),
      showSaveDialog: () => Promise.resolve(state.saveDialog),
      showMessageBox: () => {
        state.messageBoxCalls += 1;
        return Promise.resolve({ response: state.messageBoxResponse });
      },
    },
    Menu: {
      buildFromTemplate: (t: unknown) => ({ template: t }),
      setApplicationMenu: (m: unknown) => {
        state.menu = m;
      },
    },
    screen: {
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
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
  await vi.waitFor(() => expect(state.windows).toHaveLength(1));
});

type FakeWindow = {
  listeners: Map<string, Listener>;
  title: string;
  sent: unknown[][];
  closed: number;
  close(): void;
};
const win = () => state.instances[0] as FakeWindow;
const appFrame = { senderFrame: { url: 'app://clusterplan/index.html', parent: null } };
function call(channel: string, payload: unknown): Promise<unknown> {
  return Promise.resolve(state.handled.get(channel)!(appFrame, payload));
}

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
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect([...state.handled.keys()].sort()).toEqual(
      Object.values(CHANNELS)
        .map((c) => c.channel)
        .sort(),
    );
    expect(state.handled.has('clusterplan:save-scenario-file')).toBe(true);
    for (const [channel, handler] of state.handled) {
      await expect(
        Promise.resolve(
          handler({ senderFrame: { url: 'https://evil.example/', parent: null } }, {}),
        ),
        channel,
      ).rejects.toThrow(/origin not allowed/);
    }
    expect(warn).toHaveBeenCalledTimes(state.handled.size);
    const info = state.handled.get('clusterplan:get-app-info')!;
    await expect(
      info({ senderFrame: { url: 'https://evil.example/', parent: null } }, {}),
    ).rejects.toThrow(/origin not allowed/);
    await expect(
      info({ senderFrame: { url: 'app://clusterplan/index.html', parent: null } }, {}),
    ).resolves.toMatchObject({ name: 'ClusterPlan', version: '0.0.0-test' });
    expect(warn).toHaveBeenCalledTimes(state.handled.size + 1);
    warn.mockRestore();
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

describe('desktop shell: menu, window state, documents, close prompt', () => {
  it('sets the application menu with File, Edit, View and Help', () => {
    const template = (state.menu as { template: { label: string }[] }).template;
    const labels = template.map((m) => m.label.replace('&', ''));
    expect(labels).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Help']));
  });

  it('restores the saved window state, clamped onto the connected display', () => {
    expect(state.windows[0]!.options).toMatchObject({ x: 420, y: 50, width: 1500, height: 950 });
  });

  it('saves the window state to userData on close', async () => {
    win().listeners.get('close')!({ preventDefault: () => undefined });
    await vi.waitFor(() =>
      expect(
        JSON.parse(readFileSync(path.join(state.userData, 'window-state.json'), 'utf8')),
      ).toEqual({ x: 10, y: 20, width: 1300, height: 820, maximized: false, fullScreen: false }),
    );
  });

  it('titles the window from the renderer and keeps the page from retitling it', async () => {
    await call(CHANNELS.setDocumentState.channel, { fileName: 'plan.json', dirty: true });
    expect(win().title).toBe('• plan.json — ClusterPlan');
    const preventDefault = vi.fn();
    win().listeners.get('page-title-updated')!({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    await call(CHANNELS.setDocumentState.channel, { fileName: 'plan.json', dirty: false });
  });

  it('Save As asks where, writes atomically and lists the file; Save then needs no dialog', async () => {
    const target = path.join(state.userData, 'plans', '..', 'plan.json');
    state.saveDialog = { canceled: false, filePath: target };
    const first = await call(CHANNELS.saveScenarioFile.channel, {
      suggestedName: 'plan.json',
      contents: 'one',
    });
    const resolved = path.join(state.userData, 'plan.json');
    expect(first).toEqual({ saved: true, fileName: 'plan.json', filePath: resolved });
    state.saveDialog = { canceled: true, filePath: undefined };
    await call(CHANNELS.saveScenarioFile.channel, {
      suggestedName: 'plan.json',
      contents: 'two',
      filePath: resolved,
    });
    expect(readFileSync(resolved, 'utf8')).toBe('two');
    expect(readFileSync(`${resolved}.bak`, 'utf8')).toBe('one');
    expect(await call(CHANNELS.getRecentFiles.channel, {})).toEqual([
      { filePath: resolved, fileName: 'plan.json' },
    ]);
    expect(JSON.parse(readFileSync(path.join(state.userData, 'recent.json'), 'utf8'))).toEqual([
      { filePath: resolved, fileName: 'plan.json' },
    ]);
  });

  it('refuses to read or write a path the user never picked', async () => {
    const secret = path.join(state.userData, 'secret.json');
    writeFileSync(secret, 'secret');
    await expect(
      call(CHANNELS.saveScenarioFile.channel, {
        suggestedName: 'x.json',
        contents: 'overwrite',
        filePath: secret,
      }),
    ).rejects.toThrow(/filePath: not a file picked/);
    await expect(call(CHANNELS.openScenarioFile.channel, { filePath: secret })).rejects.toThrow(
      /filePath: not a file picked/,
    );
    expect(readFileSync(secret, 'utf8')).toBe('secret');
  });

  it('Open lists a file that opens, not one that is refused', async () => {
    const good = path.join(state.userData, 'good.json');
    writeFileSync(
      good,
      readFileSync(new URL('../fixtures/scenario-files/v1.json', import.meta.url), 'utf8'),
    );
    const bad = path.join(state.userData, 'bad.json');
    writeFileSync(bad, '{"__proto__":{}}');
    state.openDialog = { canceled: false, filePaths: [bad] };
    expect(await call(CHANNELS.openScenarioFile.channel, {})).toMatchObject({
      fileName: 'bad.json',
    });
    state.openDialog = { canceled: false, filePaths: [good] };
    expect(await call(CHANNELS.openScenarioFile.channel, {})).toMatchObject({
      fileName: 'good.json',
      filePath: good,
    });
    const recent = (await call(CHANNELS.getRecentFiles.channel, {})) as { fileName: string }[];
    expect(recent.map((f) => f.fileName)).toEqual(['good.json', 'plan.json']);
    // Reopening from the list needs no dialog.
    state.openDialog = { canceled: true, filePaths: [] };
    expect(await call(CHANNELS.openScenarioFile.channel, { filePath: good })).toMatchObject({
      fileName: 'good.json',
    });
  });

  it('keeps the recovery copy in userData', async () => {
    await call(CHANNELS.writeRecovery.channel, { contents: 'unsaved' });
    expect(await call(CHANNELS.readRecovery.channel, {})).toBe('unsaved');
    await call(CHANNELS.clearRecovery.channel, {});
    expect(existsSync(path.join(state.userData, 'recovery.json'))).toBe(false);
  });

  it('menu clicks reach the focused renderer on the one menu channel', () => {
    const template = (
      state.menu as { template: { submenu: { label?: string; click?: () => void }[] }[] }
    ).template;
    const before = win().sent.length;
    template[0]!.submenu.find((i) => i.label === '&Save')?.click?.();
    expect(win().sent.slice(before)).toEqual([['clusterplan:menu-command', { command: 'save' }]]);
  });

  it('closing with unsaved changes asks; Cancel keeps the window; Save asks the renderer; Don’t Save closes and clears recovery', async () => {
    await call(CHANNELS.setDocumentState.channel, { fileName: 'plan.json', dirty: true });
    state.messageBoxResponse = 2;
    const prevent = vi.fn();
    win().listeners.get('close')!({ preventDefault: prevent });
    expect(prevent).toHaveBeenCalled();
    await vi.waitFor(() => expect(state.messageBoxCalls).toBe(1));
    await new Promise((r) => setTimeout(r, 10)); // the prompt's answer is handled
    expect(win().closed).toBe(0);

    state.messageBoxResponse = 0;
    const sent = win().sent.length;
    win().listeners.get('close')!({ preventDefault: vi.fn() });
    await vi.waitFor(() =>
      expect(win().sent.slice(sent)).toEqual([
        ['clusterplan:menu-command', { command: 'saveThenClose' }],
      ]),
    );

    await call(CHANNELS.writeRecovery.channel, { contents: 'unsaved' });
    state.messageBoxResponse = 1;
    const closedBefore = win().closed;
    win().listeners.get('close')!({ preventDefault: vi.fn() });
    await vi.waitFor(() => expect(win().closed).toBe(closedBefore + 1));
    expect(existsSync(path.join(state.userData, 'recovery.json'))).toBe(false);
  });
});
