/**
 * Loads electron/main.ts against a mocked `electron` module (the real one cannot load here:
 * its binary is downloaded lazily and there is no network) and checks what the shell wires up.
 */
import ExcelJS from 'exceljs';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    focused: 0,
    quit: 0,
    messageBoxes: [] as Record<string, unknown>[],
  };
});

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => state.instances;
    static getFocusedWindow = () => state.instances[state.focused];
    static fromWebContents = (wc: unknown) =>
      (state.instances as BrowserWindow[]).find((w) => w.webContents === wc) ?? null;
    record: { options: Record<string, unknown>; url?: string };
    listeners = new Map<string, Listener>();
    title = '';
    sent: unknown[][] = [];
    closed = 0;
    reloaded = 0;
    destroyed = false;
    webContents = {
      send: (...args: unknown[]) => this.sent.push(args),
      listeners: new Map<string, Listener>(),
      on: (name: string, fn: Listener) => this.webContents.listeners.set(name, fn),
      reload: () => {
        this.reloaded += 1;
      },
    };
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
    isDestroyed() {
      return this.destroyed;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
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
      quit: () => {
        state.quit += 1;
      },
      requestSingleInstanceLock: () => true,
      isPackaged: false,
    },
    BrowserWindow,
    dialog: {
      showOpenDialog: () => Promise.resolve(state.openDialog),
      showSaveDialog: () => Promise.resolve(state.saveDialog),
      showMessageBox: (_win: unknown, options: Record<string, unknown>) => {
        state.messageBoxCalls += 1;
        state.messageBoxes.push(options);
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
  reloaded: number;
  destroyed: boolean;
  webContents: { listeners: Map<string, Listener> };
  close(): void;
};
const win = () => state.instances[0] as FakeWindow;
const appFrame = { senderFrame: { url: 'app://clusterplan/index.html', parent: null } };
/** An IPC call from a window's page (the first window's unless another is named). */
function call(channel: string, payload: unknown, from: FakeWindow = win()): Promise<unknown> {
  return Promise.resolve(
    state.handled.get(channel)!({ ...appFrame, sender: from.webContents }, payload),
  );
}

describe('electron main wiring', () => {
  it('registers app:// as a standard secure scheme with V8 code cache, and serves it', () => {
    expect(state.privileged).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
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

  it('Open reads bytes without parsing them in main; only a file the renderer opened is listed', async () => {
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
    // The renderer checked the good file and opened it: it joins the list; the bad one does not.
    await call(CHANNELS.addRecentFile.channel, { filePath: good });
    await expect(
      call(CHANNELS.addRecentFile.channel, { filePath: path.join(state.userData, 'x.json') }),
    ).rejects.toThrow(/filePath: not a file picked/);
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
    expect(await call(CHANNELS.readRecovery.channel, {})).toEqual(['unsaved']);
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

  it('a clean close never deletes a recovery copy the page has not offered yet', async () => {
    await call(CHANNELS.writeRecovery.channel, { contents: 'from the last session' });
    await call(CHANNELS.setDocumentState.channel, { fileName: null, dirty: false });
    win().listeners.get('close')!({ preventDefault: vi.fn() });
    win().listeners.get('closed')!();
    expect(await call(CHANNELS.readRecovery.channel, {})).toEqual(['from the last session']);
    await call(CHANNELS.clearRecovery.channel, {});
  });
});

describe('desktop shell: the window that called, crashes, files from the system, exports', () => {
  let second: FakeWindow;
  beforeAll(async () => {
    // Two fresh windows, each with its own controller (`activate` opens one when none is open).
    const activate = state.appListeners.get('activate')!;
    const fresh = async () => {
      state.instances.length = 0;
      activate();
      await vi.waitFor(() => expect(state.instances).toHaveLength(1));
      return state.instances[0] as FakeWindow;
    };
    const first = await fresh();
    second = await fresh();
    state.instances.splice(0, 1, first, second);
  });

  it('setDocumentState and closeWindow act on the window that called, not the focused one', async () => {
    state.focused = 0; // the first window has focus; the second one's page calls
    const first = win();
    const before = first.title;
    await call(CHANNELS.setDocumentState.channel, { fileName: 'b.json', dirty: true }, second);
    expect(second.title).toBe('• b.json — ClusterPlan');
    expect(first.title).toBe(before);
    await call(CHANNELS.setDocumentState.channel, { fileName: 'b.json', dirty: false }, second);
    const firstClosed = first.closed;
    await call(CHANNELS.closeWindow.channel, {}, second);
    expect(second.closed).toBe(1);
    expect(first.closed).toBe(firstClosed);
    await call(CHANNELS.setDocumentState.channel, { fileName: 'a.json', dirty: false }, first);
    expect(first.title).toBe('a.json — ClusterPlan');
  });

  it('renderer gone: keeps the recovery copy, sends nothing to the dead page, offers Reload', async () => {
    const w = win();
    await call(CHANNELS.setDocumentState.channel, { fileName: 'plan.json', dirty: true });
    await call(CHANNELS.writeRecovery.channel, { contents: 'unsaved work' });
    state.messageBoxResponse = 0; // Reload
    const boxes = state.messageBoxes.length;
    const sent = w.sent.length;
    w.webContents.listeners.get('render-process-gone')!({}, { reason: 'crashed', exitCode: 11 });
    await vi.waitFor(() => expect(w.reloaded).toBe(1));
    expect(state.messageBoxes[boxes]).toMatchObject({ buttons: ['Reload', 'Close Window'] });
    expect(String(state.messageBoxes[boxes]!['detail'])).toContain('recovery copy');
    expect(w.sent.slice(sent)).toEqual([]);
    expect(await call(CHANNELS.readRecovery.channel, {})).toEqual(['unsaved work']);
    // After the reload the page starts clean; closing it asks nothing and keeps the copy.
    const closedBefore = w.closed;
    w.close();
    expect(w.closed).toBe(closedBefore + 1);
    expect(state.messageBoxes.length).toBe(boxes + 1);
    expect(await call(CHANNELS.readRecovery.channel, {})).toEqual(['unsaved work']);
  });

  it('renderer gone while the close prompt is open: "Don’t Save" does not delete the only copy', async () => {
    const w = win();
    await call(CHANNELS.setDocumentState.channel, { fileName: 'plan.json', dirty: true });
    state.messageBoxResponse = 1; // Don't Save (answered after the page died)
    w.listeners.get('close')!({ preventDefault: vi.fn() });
    w.webContents.listeners.get('render-process-gone')!({}, { reason: 'killed', exitCode: 9 });
    await new Promise((r) => setTimeout(r, 20));
    expect(await call(CHANNELS.readRecovery.channel, {})).toEqual(['unsaved work']);
    expect(existsSync(path.join(state.userData, 'recovery.json'))).toBe(true);
  });

  it('a file from the system (second launch, double-click) is granted and sent to the page', async () => {
    const w = win();
    const file = path.join(state.userData, 'from-finder.clusterplan');
    writeFileSync(file, '{}');
    // The page has loaded (its preload holds commands until the page listens).
    w.webContents.listeners.get('did-finish-load')!();
    const sent = w.sent.length;
    state.appListeners.get('second-instance')!(
      {},
      ['/Applications/ClusterPlan', '.', '--flag', 'from-finder.clusterplan'],
      state.userData,
    );
    expect(w.sent.slice(sent)).toEqual([
      ['clusterplan:menu-command', { command: 'openPath', filePath: file }],
    ]);
    // The page may now read it by path without a dialog.
    state.openDialog = { canceled: true, filePaths: [] };
    expect(await call(CHANNELS.openScenarioFile.channel, { filePath: file })).toMatchObject({
      fileName: 'from-finder.clusterplan',
      contents: '{}',
    });
    const prevent = vi.fn();
    state.appListeners.get('open-file')!({ preventDefault: prevent }, file);
    expect(prevent).toHaveBeenCalled();
    expect(w.sent.at(-1)).toEqual([
      'clusterplan:menu-command',
      { command: 'openPath', filePath: file },
    ]);
  });

  it('a file opened from the system with no window open (macOS) opens a window for it', async () => {
    const kept = [...state.instances];
    state.instances.length = 0;
    const file = path.join(state.userData, 'from-dock.clusterplan');
    writeFileSync(file, '{}');
    state.appListeners.get('open-file')!({ preventDefault: vi.fn() }, file);
    await vi.waitFor(() => expect(state.instances).toHaveLength(1));
    const w = state.instances[0] as FakeWindow;
    expect(w.sent).toEqual([]); // not before the page has loaded
    w.webContents.listeners.get('did-finish-load')!();
    expect(w.sent).toEqual([['clusterplan:menu-command', { command: 'openPath', filePath: file }]]);
    state.instances.splice(0, state.instances.length, ...kept);
  });

  it('exports are written atomically, with no .bak and no temp file left', async () => {
    const out = path.join(state.userData, 'exports');
    mkdirSync(out, { recursive: true });
    const target = path.join(out, 'report.xlsx');
    writeFileSync(target, 'old');
    // A temp file a killed export left behind (no process has this id): the next save removes it.
    writeFileSync(path.join(out, '.report.xlsx.4194305.1.tmp'), 'torn');
    state.saveDialog = { canceled: false, filePath: target };
    // Main writes the workbook the page sends as data (model/report xlsxBytes).
    const workbook = {
      sheets: [
        {
          sheet: 'Summary',
          data: [
            [
              { value: 'TCO (USD)', type: 'String' },
              { value: 1234.5, type: 'Number', format: '#,##0.0' },
            ],
            [
              { value: 'Twice', type: 'String' },
              { value: 'B1*2', type: 'Formula', cached: 2469 },
            ],
          ],
          columns: [{ width: 20 }, { width: 12 }],
          stickyRowsCount: 0,
        },
      ],
      properties: {
        title: 'T',
        subject: 'S',
        creator: 'ClusterPlan 1.0.0',
        keywords: 'k',
        description: 'd',
        created: '2026-11-26',
        application: 'ClusterPlan 1.0.0',
      },
    };
    expect(
      await call(CHANNELS.saveXlsxFile.channel, { suggestedName: 'report.xlsx', workbook }),
    ).toEqual({ saved: true, fileName: 'report.xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(target) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Summary')!;
    expect(ws.getCell('B1').value).toBe(1234.5);
    expect(ws.getCell('B2').value).toEqual({ formula: 'B1*2', result: 2469 });
    expect(wb.creator).toBe('ClusterPlan 1.0.0');
    // A workbook that does not match the contract never reaches the writer or the dialog.
    await expect(
      call(CHANNELS.saveXlsxFile.channel, {
        suggestedName: 'report.xlsx',
        workbook: { ...workbook, sheets: [{ ...workbook.sheets[0], sheet: 'x'.repeat(32) }] },
      }),
    ).rejects.toThrow(/save-xlsx-file: invalid/);
    const csv = path.join(out, 'figures.csv');
    state.saveDialog = { canceled: false, filePath: csv };
    await call(CHANNELS.saveTextFile.channel, {
      suggestedName: 'figures.csv',
      kind: 'csv',
      contents: 'a,b\n',
    });
    expect(readFileSync(csv, 'utf8')).toBe('a,b\n');
    expect(readdirSync(out).sort()).toEqual(['figures.csv', 'report.xlsx']);
  });
});
