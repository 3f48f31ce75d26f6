/**
 * What the desktop shell keeps in Electron's `userData` folder, each file written atomically
 * (writeFileAtomic) and read back as untrusted data:
 * - `recent.json` — recent scenario files (File ▸ Open Recent)
 * - `window-state.json` — window size, position, maximised
 * - `recovery.json` — autosaved copy of unsaved work, deleted on a clean save or quit (its
 *   `.bak`, the autosave before it, is offered when the newest copy does not read)
 * Also which file paths the renderer may name (paths the user picked in a dialog this session,
 * or on the recent list): the renderer can never make main read or write any other path.
 */
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { ScenarioFileRef } from './contract';
import { MAX_SCENARIO_FILE_BYTES, utf8Length } from '../model/files/limits';
import { readTextFileCapped, writeFileAtomic } from './files';
import { addRecentFile, parseRecentFiles, removeRecentFile } from './recent';
import { parseWindowState, type WindowState } from './windowState';

export const RECENT_FILE = 'recent.json';
export const WINDOW_STATE_FILE = 'window-state.json';
export const RECOVERY_FILE = 'recovery.json';

/** Largest recent.json / window-state.json read back (a few KB when written by the app). */
const SMALL_FILE_BYTES = 256 * 1024;

async function readJson(file: string): Promise<unknown> {
  try {
    const text = await readTextFileCapped(file, SMALL_FILE_BYTES);
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
  /** The recovery copy and the one before it (its `.bak`), newest first; unchecked text. */
  readRecovery(): Promise<string[]>;
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
      if (utf8Length(contents) > MAX_SCENARIO_FILE_BYTES) {
        throw new Error('recovery contents too large');
      }
      await writeFileAtomic(file(RECOVERY_FILE), contents);
    },
    async readRecovery() {
      // Main never parses: the renderer checks each copy and restores the first that reads.
      const copies: string[] = [];
      for (const name of [RECOVERY_FILE, `${RECOVERY_FILE}.bak`]) {
        try {
          copies.push(await readTextFileCapped(file(name)));
        } catch {
          // Missing or too large: not offered.
        }
      }
      return copies;
    },
    async clearRecovery() {
      // The .bak writeFileAtomic keeps would bring the recovery back; remove both.
      for (const name of [RECOVERY_FILE, `${RECOVERY_FILE}.bak`]) {
        await unlink(file(name)).catch(() => undefined);
      }
    },
  };
}
