/**
 * What the desktop shell keeps in Electron's `userData` folder, each file written atomically
 * (writeFileAtomic) and read back as untrusted data:
 * - `recent.json` — recent scenario files (File ▸ Open Recent)
 * - `window-state.json` — window size, position, maximised
 * - `recovery.json` — autosaved copy of unsaved work, deleted on a clean save or quit
 * Also which file paths the renderer may name (paths the user picked in a dialog this session,
 * or on the recent list): the renderer can never make main read or write any other path.
 */
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { ScenarioFileRef } from './contract';
import { MAX_FILE_CHARS } from './contract';
import { readTextFileCapped, writeFileAtomic } from './files';
import { addRecentFile, parseRecentFiles, removeRecentFile } from './recent';
import { parseWindowState, type WindowState } from './windowState';

export const RECENT_FILE = 'recent.json';
export const WINDOW_STATE_FILE = 'window-state.json';
export const RECOVERY_FILE = 'recovery.json';

async function readJson(file: string): Promise<unknown> {
  try {
    const text = await readTextFileCapped(file);
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type ShellStore = {
  recent(): readonly ScenarioFileRef[];
  /** Load the recent list from disk (start-up). */
  loadRecent(): Promise<readonly ScenarioFileRef[]>;
  addRecent(filePath: string): Promise<readonly ScenarioFileRef[]>;
  removeRecent(filePath: string): Promise<readonly ScenarioFileRef[]>;
  clearRecent(): Promise<void>;
  /** Remember a path the user picked in a native dialog. */
  grant(filePath: string): void;
  /** True when the renderer may name this path (picked this session or on the recent list). */
  isGranted(filePath: string): boolean;
  loadWindowState(): Promise<WindowState | null>;
  saveWindowState(state: WindowState): Promise<void>;
  writeRecovery(contents: string): Promise<void>;
  readRecovery(): Promise<string | null>;
  clearRecovery(): Promise<void>;
};

/** @param userDataDir - Electron's `app.getPath('userData')` (a temp folder in tests) */
export function createShellStore(userDataDir: string): ShellStore {
  let recent: readonly ScenarioFileRef[] = [];
  const granted = new Set<string>();
  const file = (name: string) => path.join(userDataDir, name);
  const saveRecent = () =>
    writeFileAtomic(file(RECENT_FILE), `${JSON.stringify(recent, null, 2)}\n`);
  return {
    recent: () => recent,
    async loadRecent() {
      recent = parseRecentFiles(await readJson(file(RECENT_FILE)));
      return recent;
    },
    async addRecent(filePath) {
      const absolute = path.resolve(filePath);
      granted.add(absolute);
      recent = addRecentFile(recent, absolute);
      await saveRecent();
      return recent;
    },
    async removeRecent(filePath) {
      recent = removeRecentFile(recent, filePath);
      await saveRecent();
      return recent;
    },
    async clearRecent() {
      recent = [];
      await saveRecent();
    },
    grant(filePath) {
      granted.add(path.resolve(filePath));
    },
    isGranted(filePath) {
      if (!path.isAbsolute(filePath)) return false;
      const absolute = path.resolve(filePath);
      return granted.has(absolute) || recent.some((f) => f.filePath === absolute);
    },
    async loadWindowState() {
      return parseWindowState(await readJson(file(WINDOW_STATE_FILE)));
    },
    async saveWindowState(state) {
      await writeFileAtomic(file(WINDOW_STATE_FILE), `${JSON.stringify(state)}\n`);
    },
    async writeRecovery(contents) {
      if (contents.length > MAX_FILE_CHARS) throw new Error('recovery contents too large');
      await writeFileAtomic(file(RECOVERY_FILE), contents);
    },
    async readRecovery() {
      try {
        return await readTextFileCapped(file(RECOVERY_FILE));
      } catch {
        return null;
      }
    },
    async clearRecovery() {
      // The .bak writeFileAtomic keeps would bring the recovery back; remove both.
      for (const name of [RECOVERY_FILE, `${RECOVERY_FILE}.bak`]) {
        await unlink(file(name)).catch(() => undefined);
      }
    },
  };
}
