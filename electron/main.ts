/**
 * Electron main process: a thin shell. Every decision (window options, CSP, which URLs are
 * served, which senders may call IPC, which links may open) lives in security.ts, ipc.ts and
 * contract.ts, where unit tests cover it; this file only wires them into Electron.
 */
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CHANNELS,
  isAllowedExternalUrl,
  type AppInfo,
  type FileKind,
  type OpenedFile,
  type SaveResult,
} from './contract';
import { readTextFileCapped, writeFileAtomic } from './files';
import { guardHandler, registerValidatedHandlers, type IpcMainLike } from './ipc';
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
  scenario: [{ name: 'ClusterPlan scenarios', extensions: ['json'] }],
  csv: [{ name: 'CSV', extensions: ['csv'] }],
  pdf: [{ name: 'PDF', extensions: ['pdf'] }],
  xlsx: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
};

// Must run before `ready`: app:// behaves like a secure, standard origin.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
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

function handlers() {
  const focused = (): BrowserWindow | undefined =>
    BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
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
      async (req): Promise<SaveResult> => {
        const win = focused();
        const options = { defaultPath: req.suggestedName, filters: FILTERS[req.kind] };
        const result = win
          ? await dialog.showSaveDialog(win, options)
          : await dialog.showSaveDialog(options);
        if (result.canceled || !result.filePath) return { saved: false };
        await writeFileAtomic(result.filePath, req.contents);
        return { saved: true, fileName: path.basename(result.filePath) };
      },
      log,
    ),
    [CHANNELS.openTextFile.channel]: guardHandler(
      CHANNELS.openTextFile.channel,
      CHANNELS.openTextFile.schema,
      async (req): Promise<OpenedFile | null> => {
        const win = focused();
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
  };
}

function createWindow(): void {
  const win = new BrowserWindow(mainWindowOptions(PRELOAD));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}/index.html`);
}

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
  registerValidatedHandlers(ipcMain as unknown as IpcMainLike, handlers());
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
