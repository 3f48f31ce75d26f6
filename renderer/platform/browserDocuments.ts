import type {
  DesktopApi,
  OpenedScenarioFile,
  OpenTextFileRequest,
  OpenedFile,
  SaveResult,
  SaveScenarioResult,
  SaveTextFileRequest,
  ScenarioFileRef,
} from '../../electron/contract';

/** The DesktopApi operations on scenario documents, recovery and the menu. */
export type BrowserDocumentApi = Pick<
  DesktopApi,
  | 'openScenarioFile'
  | 'addRecentFile'
  | 'saveScenarioFile'
  | 'getRecentFiles'
  | 'setDocumentState'
  | 'closeWindow'
  | 'writeRecovery'
  | 'readRecovery'
  | 'clearRecovery'
  | 'onMenuCommand'
>;

/** localStorage keys (the browser has no userData folder). */
export const RECENT_KEY = 'clusterplan.recentFiles';
export const RECOVERY_KEY = 'clusterplan.recovery';

/** Recent files the browser remembers (with their contents: it cannot reopen a path). */
export const BROWSER_RECENT_LIMIT = 5;
/** Largest file kept on the recent list (UTF-16 code units); bigger ones are not listed. */
export const BROWSER_RECENT_MAX_CHARS = 1024 * 1024;
/** Pseudo path of a file the browser saved or opened (no real paths in a browser). */
export const BROWSER_PATH_PREFIX = 'browser:';

type StoredRecent = ScenarioFileRef & { readonly contents: string };

/** The part of the Web Storage API used (so tests can pass a Map-backed fake). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readRecent(storage: KeyValueStorage): StoredRecent[] {
  try {
    const raw: unknown = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (e): e is StoredRecent =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as StoredRecent).filePath === 'string' &&
        typeof (e as StoredRecent).fileName === 'string' &&
        typeof (e as StoredRecent).contents === 'string',
    );
  } catch {
    return [];
  }
}

function remember(storage: KeyValueStorage, fileName: string, contents: string): ScenarioFileRef {
  const ref = { fileName, filePath: `${BROWSER_PATH_PREFIX}${fileName}` };
  if (contents.length > BROWSER_RECENT_MAX_CHARS) return ref;
  const list = [
    { ...ref, contents },
    ...readRecent(storage).filter((e) => e.filePath !== ref.filePath),
  ].slice(0, BROWSER_RECENT_LIMIT);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the recent list is a convenience, saving still worked.
  }
  return ref;
}

/**
 * Scenario documents in a plain browser: Open uses the file input, Save downloads (to the same
 * name on Save, so there is no dialog), the recent list and the recovery copy live in
 * localStorage, the window title is `document.title`. There is no menu.
 */
export function createBrowserDocumentApi(
  base: {
    openTextFile(request: OpenTextFileRequest): Promise<OpenedFile | null>;
    saveTextFile(request: SaveTextFileRequest): Promise<SaveResult>;
  },
  storage: KeyValueStorage,
): BrowserDocumentApi {
  // Files read this session, by pseudo path: the recent list keeps a file's contents, taken
  // from here once the renderer says the file opened (addRecentFile).
  const read = new Map<string, OpenedScenarioFile>();
  return {
    async openScenarioFile(request): Promise<OpenedScenarioFile | null> {
      if (request.filePath !== undefined) {
        const entry = readRecent(storage).find((e) => e.filePath === request.filePath);
        if (!entry) throw new Error('filePath: not on the recent list');
        read.set(entry.filePath, entry);
        return { fileName: entry.fileName, filePath: entry.filePath, contents: entry.contents };
      }
      const file = await base.openTextFile({ kind: 'scenario' });
      if (file === null) return null;
      const opened = {
        fileName: file.fileName,
        filePath: `${BROWSER_PATH_PREFIX}${file.fileName}`,
        contents: file.contents,
      };
      read.set(opened.filePath, opened);
      return opened;
    },
    addRecentFile(request) {
      const file = read.get(request.filePath);
      if (file === undefined) return Promise.reject(new Error('filePath: not a file opened'));
      remember(storage, file.fileName, file.contents);
      return Promise.resolve();
    },
    async saveScenarioFile(request): Promise<SaveScenarioResult> {
      const name =
        request.filePath !== undefined && request.filePath.startsWith(BROWSER_PATH_PREFIX)
          ? request.filePath.slice(BROWSER_PATH_PREFIX.length)
          : request.suggestedName;
      const r = await base.saveTextFile({
        suggestedName: name,
        kind: 'scenario',
        contents: request.contents,
      });
      if (!r.saved) return { saved: false };
      return { saved: true, ...remember(storage, r.fileName ?? name, request.contents) };
    },
    getRecentFiles() {
      return Promise.resolve(
        readRecent(storage).map((e) => ({ fileName: e.fileName, filePath: e.filePath })),
      );
    },
    setDocumentState(request) {
      document.title = `${request.dirty ? '• ' : ''}${request.fileName ?? 'Untitled'} — ClusterPlan`;
      return Promise.resolve();
    },
    closeWindow() {
      return Promise.resolve();
    },
    writeRecovery(request) {
      try {
        storage.setItem(RECOVERY_KEY, request.contents);
        return Promise.resolve();
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    },
    readRecovery() {
      try {
        const copy = storage.getItem(RECOVERY_KEY);
        return Promise.resolve(copy === null ? [] : [copy]);
      } catch {
        return Promise.resolve([]);
      }
    },
    clearRecovery() {
      try {
        storage.removeItem(RECOVERY_KEY);
      } catch {
        // Nothing stored when storage is disabled.
      }
      return Promise.resolve();
    },
    onMenuCommand() {
      return () => undefined;
    },
  };
}
