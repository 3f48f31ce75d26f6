/**
 * Electron main process: a thin shell. Every decision (window options, CSP, which URLs are
 * served, which senders may call IPC, which links may open) lives in security.ts, ipc.ts and
 * contract.ts, where unit tests cover it; this file only wires them into Electron.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CHANNELS,
  isAllowedExternalUrl,
  type AppInfo,
  type FileKind,
  type OpenedFile,
  type OpenedScenarioFile,
  type SaveResult,
  type SaveScenarioResult,
  type ScenarioFileRef,
} from './contract';
import { MENU_COMMAND_CHANNEL, type MenuCommand } from './channels';
import {
  crashChoice,
  crashPromptOptions,
  createCloseController,
  windowTitle,
  type CloseController,
} from './document';
import { readTextFileCapped, writeFileAtomic } from './files';
import { scenarioFileFromArgv, SCENARIO_FILE_EXTENSIONS } from './launch';
import { buildMenuTemplate, toElectronTemplate } from './menu';
import { workbookBytes } from './xlsx';
import { electronPdfOptions, reportPdfTitle } from '../model/report/pdfOptions';
import { createShellStore, type ShellStore } from './shellStore';
import { captureWindowState, restoreWindowState } from './windowState';
import {
  guardHandler,
  registerValidatedHandlers,
  type InvokeEventLike,
  type IpcMainLike,
} from './ipc';
import {
  APP_ORIGIN,
  APP_SCHEME,
  CONTENT_SECURITY_POLICY,
  contentTypeFor,
  isNavigationAllowed,
  isPermissionGranted,
  mainWindowOptions,
  resolveAppRequest,
} from './security';

const RENDERER_DIR = path.join(__dirname, '..', 'dist', 'renderer');
const PRELOAD = path.join(__dirname, 'preload.cjs');

const FILTERS: Record<FileKind, Electron.FileFilter[]> = {
  scenario: [{ name: 'ClusterPlan scenarios', extensions: [...SCENARIO_FILE_EXTENSIONS] }],
  csv: [{ name: 'CSV', extensions: ['csv'] }],
  pdf: [{ name: 'PDF', extensions: ['pdf'] }],
  xlsx: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
};

// Must run before `ready`: app:// behaves like a secure, standard origin. `codeCache` lets
// Chromium keep V8's compiled code of the app's scripts between launches (Electron ≥ 28.1, standard
// schemes only): after the first launch the renderer's start-up skips most of the parse and
// compile of its start-up chunks, which is the largest part of a cold start (about 200 ms of
// background parsing for the 0.77 MB of start-up JavaScript on the 2-core build machine).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
]);

function log(message: string): void {
  console.warn(`[clusterplan] ${message}`);
}

async function serveAppFile(request: Request): Promise<Response> {
  const file = resolveAppRequest(request.url, RENDERER_DIR);
  if (file === null) return new Response('Not found', { status: 404 });
  const response = await net.fetch(pathToFileURL(file).toString());
  if (!response.ok) return new Response('Not found', { status: 404 });
  return new Response(response.body, {
    status: 200,
    headers: {
      'content-type': contentTypeFor(file),
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
    },
  });
}

/** The unsaved-changes controller of each open window. */
const controllers = new Map<BrowserWindow, CloseController>();

/** Development runs (`CLUSTERPLAN_DEV=1`) get View ▸ Reload and the developer tools. */
const IS_DEV = process.env['CLUSTERPLAN_DEV'] === '1';

/** Where menu commands go: the window the user is looking at. */
function focusedWindow(): BrowserWindow | undefined {
  return BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
}

/**
 * The window whose page made an IPC call: operations act on it (its title, its close prompt,
 * dialogs parented to it), never on whichever window happens to have focus.
 */
function senderWindow(event: InvokeEventLike): BrowserWindow | undefined {
  const sender = event.sender as Electron.WebContents | undefined;
  return (sender ? BrowserWindow.fromWebContents(sender) : null) ?? undefined;
}

/** Ask where to save an export (native dialog) and write it atomically, without a .bak. */
async function saveExport(
  win: BrowserWindow | undefined,
  suggestedName: string,
  kind: FileKind,
  bytes: Uint8Array,
): Promise<SaveResult> {
  const options = { defaultPath: suggestedName, filters: FILTERS[kind] };
  const result = win
    ? await dialog.showSaveDialog(win, options)
    : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return { saved: false };
  await writeFileAtomic(result.filePath, bytes, { backup: false });
  return { saved: true, fileName: path.basename(result.filePath) };
}

/** Scenario files the system asked the app to open, waiting for a window whose page is loaded. */
const pendingOpens: string[] = [];
/** Windows whose page has loaded (its preload queues menu commands until the page listens). */
const loaded = new Set<BrowserWindow>();
let shellStore: ShellStore | null = null;

/**
 * Open a scenario file the system handed the app (double-click, a second launch): the path is
 * granted (the renderer may name it) and sent to the window as the `openPath` menu command; the
 * renderer reads and checks it as any file it opens. Before a window is ready it waits.
 */
function openFromSystem(filePath: string): void {
  pendingOpens.push(path.resolve(filePath));
  // macOS keeps running with no window: open one for the file (it is sent once loaded).
  if (shellStore !== null && BrowserWindow.getAllWindows().length === 0) {
    void createWindow(shellStore);
  }
  flushOpens();
}

function flushOpens(): void {
  const win = BrowserWindow.getAllWindows()[0];
  if (shellStore === null || win === undefined || !loaded.has(win)) return;
  for (const file of pendingOpens.splice(0)) {
    shellStore.grant(file);
    win.webContents.send(MENU_COMMAND_CHANNEL, { command: 'openPath', filePath: file });
  }
}

function sendMenuCommand(command: MenuCommand): void {
  focusedWindow()?.webContents.send(MENU_COMMAND_CHANNEL, command);
}

function refreshMenu(store: ShellStore): void {
  const template = buildMenuTemplate({
    platform: process.platform,
    isDev: IS_DEV,
    appName: app.getName(),
    recent: store.recent(),
  });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      toElectronTemplate(template, {
        send: sendMenuCommand,
        clearRecent: () => {
          void store.clearRecent().then(() => refreshMenu(store));
        },
      }),
    ),
  );
}

/** The scenario-file operations (native dialogs, atomic saves, recent list, recovery). */
function documentHandlers(store: ShellStore) {
  const requirePath = (filePath: string): string => {
    if (!store.isGranted(filePath)) {
      throw new Error('filePath: not a file picked in a dialog or on the recent list');
    }
    return path.resolve(filePath);
  };
  const remember = async (filePath: string): Promise<void> => {
    await store.addRecent(filePath);
    refreshMenu(store);
  };
  return {
    [CHANNELS.openScenarioFile.channel]: guardHandler(
      CHANNELS.openScenarioFile.channel,
      CHANNELS.openScenarioFile.schema,
      async (req, event): Promise<OpenedScenarioFile | null> => {
        let file: string;
        if (req.filePath !== undefined) file = requirePath(req.filePath);
        else {
          const win = senderWindow(event);
          const options = { properties: ['openFile' as const], filters: FILTERS.scenario };
          const result = win
            ? await dialog.showOpenDialog(win, options)
            : await dialog.showOpenDialog(options);
          const picked = result.filePaths[0];
          if (result.canceled || picked === undefined) return null;
          file = path.resolve(picked);
        }
        let contents: string;
        try {
          contents = await readTextFileCapped(file);
        } catch (error) {
          if (req.filePath !== undefined) {
            await store.removeRecent(file);
            refreshMenu(store);
          }
          throw error;
        }
        // Main reads bytes and never parses them (a hostile file cannot stall the app's event
        // loop); the renderer checks them and lists the file with addRecentFile if it opens.
        store.grant(file);
        return { fileName: path.basename(file), filePath: file, contents };
      },
      log,
    ),
    [CHANNELS.addRecentFile.channel]: guardHandler(
      CHANNELS.addRecentFile.channel,
      CHANNELS.addRecentFile.schema,
      async (req): Promise<void> => {
        await remember(requirePath(req.filePath));
      },
      log,
    ),
    [CHANNELS.saveScenarioFile.channel]: guardHandler(
      CHANNELS.saveScenarioFile.channel,
      CHANNELS.saveScenarioFile.schema,
      async (req, event): Promise<SaveScenarioResult> => {
        let file: string;
        if (req.filePath !== undefined) file = requirePath(req.filePath);
        else {
          const win = senderWindow(event);
          const options = { defaultPath: req.suggestedName, filters: FILTERS.scenario };
          const result = win
            ? await dialog.showSaveDialog(win, options)
            : await dialog.showSaveDialog(options);
          if (result.canceled || !result.filePath) return { saved: false };
          file = path.resolve(result.filePath);
        }
        await writeFileAtomic(file, req.contents);
        await remember(file);
        return { saved: true, fileName: path.basename(file), filePath: file };
      },
      log,
    ),
    [CHANNELS.getRecentFiles.channel]: guardHandler(
      CHANNELS.getRecentFiles.channel,
      CHANNELS.getRecentFiles.schema,
      (): readonly ScenarioFileRef[] => store.recent(),
      log,
    ),
    [CHANNELS.setDocumentState.channel]: guardHandler(
      CHANNELS.setDocumentState.channel,
      CHANNELS.setDocumentState.schema,
      (req, event): void => {
        const win = senderWindow(event);
        const controller = win ? controllers.get(win) : undefined;
        if (!win || !controller || controller.isRendererGone()) return;
        controller.setDocument(req);
        win.setTitle(windowTitle(app.getName(), req));
        if (process.platform === 'darwin') win.setDocumentEdited(req.dirty);
      },
      log,
    ),
    [CHANNELS.closeWindow.channel]: guardHandler(
      CHANNELS.closeWindow.channel,
      CHANNELS.closeWindow.schema,
      (_req, event): void => {
        const win = senderWindow(event);
        if (win) controllers.get(win)?.confirmClose();
      },
      log,
    ),
    [CHANNELS.writeRecovery.channel]: guardHandler(
      CHANNELS.writeRecovery.channel,
      CHANNELS.writeRecovery.schema,
      (req) => store.writeRecovery(req.contents),
      log,
    ),
    [CHANNELS.readRecovery.channel]: guardHandler(
      CHANNELS.readRecovery.channel,
      CHANNELS.readRecovery.schema,
      () => store.readRecovery(),
      log,
    ),
    [CHANNELS.clearRecovery.channel]: guardHandler(
      CHANNELS.clearRecovery.channel,
      CHANNELS.clearRecovery.schema,
      () => store.clearRecovery(),
      log,
    ),
  };
}

function handlers() {
  return {
    [CHANNELS.getAppInfo.channel]: guardHandler(
      CHANNELS.getAppInfo.channel,
      CHANNELS.getAppInfo.schema,
      (): AppInfo => ({
        name: app.getName(),
        version: app.getVersion(),
        shell: `Electron ${process.versions.electron ?? ''}`,
      }),
      log,
    ),
    [CHANNELS.saveTextFile.channel]: guardHandler(
      CHANNELS.saveTextFile.channel,
      CHANNELS.saveTextFile.schema,
      async (req, event): Promise<SaveResult> => {
        const win = senderWindow(event);
        const options = { defaultPath: req.suggestedName, filters: FILTERS[req.kind] };
        const result = win
          ? await dialog.showSaveDialog(win, options)
          : await dialog.showSaveDialog(options);
        if (result.canceled || !result.filePath) return { saved: false };
        // Exports are written atomically too, without a .bak beside them.
        await writeFileAtomic(result.filePath, req.contents, { backup: false });
        return { saved: true, fileName: path.basename(result.filePath) };
      },
      log,
    ),
    [CHANNELS.openTextFile.channel]: guardHandler(
      CHANNELS.openTextFile.channel,
      CHANNELS.openTextFile.schema,
      async (req, event): Promise<OpenedFile | null> => {
        const win = senderWindow(event);
        const options = {
          properties: ['openFile' as const],
          filters: FILTERS[req.kind],
        };
        const result = win
          ? await dialog.showOpenDialog(win, options)
          : await dialog.showOpenDialog(options);
        const file = result.filePaths[0];
        if (result.canceled || file === undefined) return null;
        return { fileName: path.basename(file), contents: await readTextFileCapped(file) };
      },
      log,
    ),
    [CHANNELS.openExternal.channel]: guardHandler(
      CHANNELS.openExternal.channel,
      CHANNELS.openExternal.schema,
      async (req): Promise<boolean> => {
        if (!isAllowedExternalUrl(req.url)) {
          log(`openExternal refused: ${req.url}`);
          return false;
        }
        await shell.openExternal(req.url);
        return true;
      },
      log,
    ),
    [CHANNELS.saveBinaryFile.channel]: guardHandler(
      CHANNELS.saveBinaryFile.channel,
      CHANNELS.saveBinaryFile.schema,
      async (req, event): Promise<SaveResult> => {
        const win = senderWindow(event);
        if (!win) return { saved: false };
        // PDF of the current view: the report's print view, laid out by its print CSS, with
        // the CLI's page setup (model/report/pdfOptions.ts): paper, margins, running header
        // with the report's date, page N of M.
        const date = req.printView.report?.date ?? new Date().toISOString().slice(0, 10);
        const title = reportPdfTitle(date);
        // The PDF's Title is the page's <title>: the report's while it prints (the window's
        // own title is the shell's, set by setTitle, and does not follow the page).
        const setPageTitle = (t: string) =>
          win.webContents.executeJavaScript(`document.title = ${JSON.stringify(t)}`);
        const before = win.webContents.getTitle();
        await setPageTitle(title);
        let bytes: Buffer;
        try {
          bytes = await win.webContents.printToPDF(electronPdfOptions(req.printView.paper, title));
        } finally {
          await setPageTitle(before);
        }
        return saveExport(win, req.suggestedName, 'pdf', bytes);
      },
      log,
    ),
    [CHANNELS.saveXlsxFile.channel]: guardHandler(
      CHANNELS.saveXlsxFile.channel,
      CHANNELS.saveXlsxFile.schema,
      async (req, event): Promise<SaveResult> => {
        // The workbook checked by the contract's schema is written here (model/report
        // xlsxBytes, the CLI's writer too), then saved where the user picks.
        const bytes = await workbookBytes(req.workbook);
        return saveExport(senderWindow(event), req.suggestedName, 'xlsx', bytes);
      },
      log,
    ),
  };
}

async function createWindow(store: ShellStore): Promise<void> {
  const saved = await store.loadWindowState();
  const placement = restoreWindowState(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow(mainWindowOptions(PRELOAD, placement.bounds));
  const controller = createCloseController({
    appName: app.getName(),
    showPrompt: async (options) => (await dialog.showMessageBox(win, options)).response,
    requestSaveThenClose: () =>
      win.webContents.send(MENU_COMMAND_CHANNEL, { command: 'saveThenClose' }),
    clearRecovery: () => store.clearRecovery(),
    closeWindow: () => win.close(),
  });
  controllers.set(win, controller);
  win.on('close', (event) => {
    void store
      .saveWindowState(
        captureWindowState(win.getNormalBounds(), win.isMaximized(), win.isFullScreen()),
      )
      .catch((e: unknown) => log(`window state not saved: ${String(e)}`));
    controller.onClose(() => event.preventDefault());
  });
  win.on('closed', () => {
    // Main never deletes the recovery copy on close: the page clears the copy it wrote once its
    // work is saved or discarded, and a copy not yet offered (a start-up offer not answered, a
    // page reloaded after a crash) must survive to the next start.
    controllers.delete(win);
    loaded.delete(win);
  });
  win.webContents.on('did-finish-load', () => {
    loaded.add(win);
    flushOpens();
  });
  // The page's renderer process died (crash, out of memory, killed): it can no longer save.
  // Keep the recovery copy, never send "save" to the dead page, and offer to reload it.
  win.webContents.on('render-process-gone', (_event, details) => {
    log(`renderer gone: ${details.reason} (exit code ${details.exitCode})`);
    loaded.delete(win);
    const doc = controller.document();
    controller.rendererGone();
    if (details.reason === 'clean-exit') return;
    void dialog
      .showMessageBox(win, crashPromptOptions(app.getName(), doc, details.reason))
      .then(({ response }) => {
        if (win.isDestroyed()) return;
        if (crashChoice(response) === 'reload') {
          controller.rendererReloaded();
          win.setTitle(windowTitle(app.getName(), controller.document()));
          win.webContents.reload();
        } else win.close();
      });
  });
  // The title is the shell's (file name and unsaved marker), not the page's <title>.
  win.on('page-title-updated', (event) => event.preventDefault());
  win.once('ready-to-show', () => {
    if (placement.maximized) win.maximize();
    if (placement.fullScreen) win.setFullScreen(true);
    win.show();
  });
  win.setTitle(windowTitle(app.getName(), controller.document()));
  void win.loadURL(`${APP_ORIGIN}/index.html`);
}

/**
 * One instance per user: a second launch hands its file (if any) to the running app and quits,
 * so two instances never share, offer or delete one recovery copy or autosave to one file.
 */
const isPrimaryInstance = app.requestSingleInstanceLock();

if (!isPrimaryInstance) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv, workingDirectory) => {
    const win = BrowserWindow.getAllWindows()[0];
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
    const file = scenarioFileFromArgv(argv, { packaged: app.isPackaged, cwd: workingDirectory });
    if (file !== null) openFromSystem(file);
  });
  // macOS: a double-clicked .clusterplan file (also before the app is ready).
  app.on('open-file', (event, filePath) => {
    event.preventDefault();
    openFromSystem(filePath);
  });
  const launchFile = scenarioFileFromArgv(process.argv, {
    packaged: app.isPackaged,
    cwd: process.cwd(),
  });
  if (launchFile !== null) openFromSystem(launchFile);
  startApp();
}

function startApp(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      if (isAllowedExternalUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      if (!isNavigationAllowed(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isNavigationAllowed(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) =>
      callback(isPermissionGranted(permission)),
    );
    session.defaultSession.setPermissionCheckHandler((_wc, permission) =>
      isPermissionGranted(permission),
    );
    protocol.handle(APP_SCHEME, serveAppFile);
    const store = createShellStore(app.getPath('userData'));
    shellStore = store;
    registerValidatedHandlers(ipcMain as unknown as IpcMainLike, {
      ...handlers(),
      ...documentHandlers(store),
    });
    void store
      .loadRecent()
      .catch(() => undefined)
      .then(() => {
        refreshMenu(store);
        return createWindow(store);
      });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) void createWindow(store);
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
