/**
 * IPC channel names, one per DesktopApi operation. No imports, so the sandboxed preload stays
 * small (the payload schemas live in contract.ts and are only needed by main).
 */
export const CHANNEL_PREFIX = 'clusterplan:';

export const CHANNEL_NAMES = {
  getAppInfo: `${CHANNEL_PREFIX}get-app-info`,
  saveTextFile: `${CHANNEL_PREFIX}save-text-file`,
  openTextFile: `${CHANNEL_PREFIX}open-text-file`,
  openExternal: `${CHANNEL_PREFIX}open-external`,
  saveBinaryFile: `${CHANNEL_PREFIX}save-binary-file`,
  saveXlsxFile: `${CHANNEL_PREFIX}save-xlsx-file`,
  openScenarioFile: `${CHANNEL_PREFIX}open-scenario-file`,
  saveScenarioFile: `${CHANNEL_PREFIX}save-scenario-file`,
  addRecentFile: `${CHANNEL_PREFIX}add-recent-file`,
  getRecentFiles: `${CHANNEL_PREFIX}get-recent-files`,
  setDocumentState: `${CHANNEL_PREFIX}set-document-state`,
  closeWindow: `${CHANNEL_PREFIX}close-window`,
  writeRecovery: `${CHANNEL_PREFIX}write-recovery`,
  readRecovery: `${CHANNEL_PREFIX}read-recovery`,
  clearRecovery: `${CHANNEL_PREFIX}clear-recovery`,
} as const;

/** Main → renderer event channel of the application menu (the only one; see MENU_COMMANDS). */
export const MENU_COMMAND_CHANNEL = `${CHANNEL_PREFIX}menu-command`;

/** What the application menu may ask the renderer to do. */
export const MENU_COMMANDS = [
  'new',
  'open',
  'openRecent',
  'openPath',
  'addFromFile',
  'save',
  'saveAs',
  'saveThenClose',
  'exportPdf',
  'exportXlsx',
  'exportCsv',
  'undo',
  'redo',
  'shortcuts',
] as const;
export type MenuCommandName = (typeof MENU_COMMANDS)[number];

/**
 * One menu command; `filePath` only for `openRecent` (a path from the recent list) and
 * `openPath` (a scenario file the system asked the app to open: double-click, a second launch).
 */
export type MenuCommand = { readonly command: MenuCommandName; readonly filePath?: string };

/**
 * Validate a menu message (plain check without zod so the preload stays self-contained):
 * a known command, and a string path (at most 4096 chars) exactly when it is `openRecent` or
 * `openPath`.
 * @returns the command, or `null` for anything else
 */
export function parseMenuCommand(message: unknown): MenuCommand | null {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const keys = Object.keys(message);
  const m = message as Record<string, unknown>;
  const command = m['command'];
  if (typeof command !== 'string' || !(MENU_COMMANDS as readonly string[]).includes(command)) {
    return null;
  }
  const name = command as MenuCommandName;
  if (name === 'openRecent' || name === 'openPath') {
    const filePath = m['filePath'];
    if (typeof filePath !== 'string' || filePath.length === 0 || filePath.length > 4096) {
      return null;
    }
    if (keys.some((k) => k !== 'command' && k !== 'filePath')) return null;
    return { command: name, filePath };
  }
  if (keys.some((k) => k !== 'command')) return null;
  return { command: name };
}
