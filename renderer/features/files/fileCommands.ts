/**
 * The file commands (New, Open, Open Recent, Save, Save As, restore/discard a recovery copy) as
 * plain async functions of the DesktopApi and the store, shared by the header's File menu, the
 * keyboard shortcuts and the desktop application menu, and unit-tested without a DOM.
 * Opening a file that cannot be read changes nothing that is open.
 */
import type { DesktopApi, OpenedScenarioFile, ScenarioFileRef } from '../../../electron/contract';
import {
  MAX_OPEN_SCENARIOS,
  readRecovery,
  type ReadScenarioFileResult,
  readScenarioFile,
  serializeRecovery,
  serializeScenarioFile,
} from '../../../model/files';
import type { AppState } from '../../store';
import { selectDirty } from '../../store/fileSlice';
import { getTemplate } from '../../workspace/templates';

/** The store as these commands use it (the zustand store, or a test's). */
export type FileStore = {
  getState(): AppState;
};

/** Name offered by Save As for a file not saved yet. */
export const DEFAULT_FILE_NAME = 'clusterplan-scenarios.json';

/** The template a new, untitled workspace starts from. */
export const NEW_WORKSPACE_TEMPLATE = 'pretrain-ib';

function plural(n: number): string {
  return `${n} scenario${n === 1 ? '' : 's'}`;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The open workspace as a scenario file's text and its baseline index. */
export function workspaceFileText(state: AppState): string {
  const ws = state.history.present;
  const baseline = Math.max(
    0,
    ws.scenarios.findIndex((s) => s.id === ws.baselineId),
  );
  return serializeScenarioFile(
    ws.scenarios.map((s) => s.doc),
    baseline,
    state.fileLayout ?? undefined,
  );
}

/**
 * Open a file's text: on success the scenarios replace the open ones (undoable) and the file
 * becomes the current one; on failure one notice names the problem and nothing changes.
 * @returns true when opened
 */
export function openFileContents(
  store: FileStore,
  file: OpenedScenarioFile,
  r: ReadScenarioFileResult = readScenarioFile(file.contents),
): boolean {
  const s = store.getState();
  if (!r.ok) {
    s.showNotice({ kind: 'error', text: `${file.fileName} was not opened: ${r.error}` });
    return false;
  }
  // The documents as the file states them: defaults stay defaults (with their sources), and an
  // unchanged file saves back byte for byte in its own layout.
  s.switchFile(
    () => s.openDocs(r.contents.documents, r.contents.baseline),
    { fileName: file.fileName, filePath: file.filePath },
    true,
    r.contents.layout,
  );
  s.showNotice({
    kind: 'info',
    text: `Opened ${file.fileName} (${plural(r.contents.scenarios.length)}). Ctrl+Z goes back.`,
  });
  return true;
}

/**
 * Scenarios ▸ Add scenarios from file…: the file's scenarios join the open ones (after them, as
 * many as fit the workspace's limit, named uniquely; the baseline and the current file stay),
 * as one undoable step. A file that cannot be read changes nothing.
 * @returns how many scenarios were added
 */
export async function addScenariosFromFile(api: DesktopApi, store: FileStore): Promise<number> {
  let file: OpenedScenarioFile | null;
  try {
    file = await api.openScenarioFile({});
  } catch (e) {
    store.getState().showNotice({ kind: 'error', text: `The file was not read: ${message(e)}` });
    return 0;
  }
  if (file === null) return 0;
  const s = store.getState();
  const r = readScenarioFile(file.contents);
  if (!r.ok) {
    s.showNotice({ kind: 'error', text: `Nothing was added from ${file.fileName}: ${r.error}` });
    return 0;
  }
  const total = r.contents.documents.length;
  const added = s.addDocs(r.contents.documents);
  const left = total - added;
  store.getState().showNotice(
    added === 0
      ? {
          kind: 'error',
          text: `Nothing was added from ${file.fileName}: ${MAX_OPEN_SCENARIOS} scenarios are open, the most at once.`,
        }
      : {
          kind: 'info',
          text: `Added ${plural(added)} from ${file.fileName}${left > 0 ? `; ${left} more did not fit (at most ${MAX_OPEN_SCENARIOS} open at once)` : ''}. Ctrl+Z takes ${added === 1 ? 'it' : 'them'} out.`,
        },
  );
  return added;
}

async function refreshRecent(api: DesktopApi, store: FileStore): Promise<void> {
  try {
    store.getState().setRecentFiles(await api.getRecentFiles());
  } catch {
    // The recent list is a convenience; a failure to read it is not worth a notice.
  }
}

/** What a person chose when unsaved work was about to be replaced. */
export type UnsavedChoice = 'save' | 'discard' | 'cancel';

/**
 * Ask whether to save the unsaved workspace before it is replaced (by New, or by `fileName`
 * opened): the app's Save / Don't save / Cancel dialog (features/files/unsavedPrompt.ts).
 */
export type AskUnsaved = (replacement: {
  readonly opening: string | null;
}) => Promise<UnsavedChoice>;

/**
 * Before New or Open replaces the workspace: with no unsaved changes, go ahead; else ask. Save
 * saves (to the current file, or Save As) and goes ahead only once saved; Don't save goes ahead;
 * Cancel (or closing the dialog) keeps everything as it is.
 * @returns true when the workspace may be replaced
 */
export async function confirmReplace(
  api: DesktopApi,
  store: FileStore,
  ask: AskUnsaved,
  opening: string | null,
): Promise<boolean> {
  if (!selectDirty(store.getState())) return true;
  const choice = await ask({ opening });
  if (choice === 'discard') return true;
  if (choice === 'cancel') return false;
  return saveFile(api, store, { saveAs: false });
}

/**
 * File ▸ Open… (no `filePath`) or File ▸ Open Recent (a path from the recent list). With `ask`,
 * a file that reads asks first when the open workspace has unsaved changes (`confirmReplace`).
 */
export async function openFile(
  api: DesktopApi,
  store: FileStore,
  filePath?: string,
  ask?: AskUnsaved,
): Promise<boolean> {
  try {
    const file = await api.openScenarioFile(filePath !== undefined ? { filePath } : {});
    if (file === null) return false;
    const read = readScenarioFile(file.contents);
    // The file is picked and read first (a cancelled pick or a bad file asks nothing).
    if (read.ok && ask && !(await confirmReplace(api, store, ask, file.fileName))) return false;
    const opened = openFileContents(store, file, read);
    // Only files that open join the recent list (the shell reads bytes, the renderer checks them).
    if (opened) await api.addRecentFile({ filePath: file.filePath }).catch(() => undefined);
    return opened;
  } catch (e) {
    store.getState().showNotice({ kind: 'error', text: `The file was not opened: ${message(e)}` });
    return false;
  } finally {
    await refreshRecent(api, store);
  }
}

/**
 * File ▸ Save (to the current file, no dialog; Save As when there is none) or Save As.
 * A successful save marks the workspace clean and deletes the recovery copy.
 * @returns true when saved
 */
export async function saveFile(
  api: DesktopApi,
  store: FileStore,
  options: { readonly saveAs: boolean },
): Promise<boolean> {
  const state = store.getState();
  const current = state.currentFile;
  const saved = state.history.present;
  try {
    const r = await api.saveScenarioFile({
      suggestedName: current?.fileName ?? DEFAULT_FILE_NAME,
      contents: workspaceFileText(state),
      ...(!options.saveAs && current !== null ? { filePath: current.filePath } : {}),
    });
    if (!r.saved) return false;
    // What was written is the workspace when the save started; edits made meanwhile stay unsaved.
    const after = store.getState();
    const ref = { fileName: r.fileName, filePath: r.filePath };
    if (after.history.present === saved) after.markSaved(ref);
    else after.setUnsavedFile(ref);
    await api.clearRecovery().catch(() => undefined);
    after.showNotice({ kind: 'info', text: `Saved ${r.fileName}.` });
    return true;
  } catch (e) {
    state.showNotice({ kind: 'error', text: `Could not save: ${message(e)}` });
    return false;
  } finally {
    await refreshRecent(api, store);
  }
}

/** File ▸ New: one scenario from the default template, untitled and clean (undoable). */
export function newFile(store: FileStore): void {
  const s = store.getState();
  s.switchFile(() => s.openDocs([getTemplate(NEW_WORKSPACE_TEMPLATE).doc], 0), null, true);
  s.showNotice({ kind: 'info', text: 'New untitled workspace. Ctrl+Z goes back.' });
}

/** File ▸ New, asking first when the workspace has unsaved changes (`confirmReplace`). */
export function newFileConfirmed(
  api: DesktopApi,
  store: FileStore,
  ask: AskUnsaved,
): Promise<boolean> {
  // Nothing to lose: at once (as New always did).
  if (!selectDirty(store.getState())) {
    newFile(store);
    return Promise.resolve(true);
  }
  return confirmReplace(api, store, ask, null).then((ok) => {
    if (ok) newFile(store);
    return ok;
  });
}

/** The recovery copy of the open workspace (for autosave). */
export function recoveryText(state: AppState, savedAtIso: string): string {
  const ws = state.history.present;
  const file: ScenarioFileRef | null = state.currentFile;
  return serializeRecovery({
    savedAt: savedAtIso,
    fileName: file?.fileName ?? null,
    filePath: file?.filePath ?? null,
    baseline: Math.max(
      0,
      ws.scenarios.findIndex((s) => s.id === ws.baselineId),
    ),
    scenarios: ws.scenarios.map((s) => s.doc),
  });
}

/**
 * Restore a recovery copy: its scenarios replace the open ones, marked unsaved, with the file
 * they belonged to as the current file. A copy that does not read changes nothing.
 * @returns true when restored
 */
export function restoreRecovery(store: FileStore, text: string): boolean {
  const r = readRecovery(text);
  const s = store.getState();
  if (!r.ok) {
    s.showNotice({ kind: 'error', text: `The unsaved work could not be restored: ${r.error}` });
    return false;
  }
  const { record } = r;
  const file =
    record.fileName !== null && record.filePath !== null
      ? { fileName: record.fileName, filePath: record.filePath }
      : null;
  s.switchFile(() => s.openDocs(record.scenarios, record.baseline), file, false);
  s.showNotice({
    kind: 'info',
    text: `Restored ${plural(record.scenarios.length)} not saved in the last session.`,
  });
  return true;
}
