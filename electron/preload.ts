/**
 * Preload (sandboxed, CommonJS). Exposes exactly one method per operation of the DesktopApi
 * contract as `window.clusterplanDesktop`; never ipcRenderer itself or a generic send.
 * Menu commands that arrive before the page listens (a file the system asked the app to open
 * while the page was still starting) wait here and are delivered when it subscribes.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  CHANNEL_NAMES,
  MENU_COMMAND_CHANNEL,
  parseMenuCommand,
  type MenuCommand,
} from './channels';
import type { DesktopApi } from './contract';

/** Most commands held for a page not listening yet (older ones are dropped). */
const HELD_LIMIT = 16;
const held: MenuCommand[] = [];
const listeners = new Set<(command: MenuCommand) => void>();

// Only validated commands reach the page; the Electron event object never does.
ipcRenderer.on(MENU_COMMAND_CHANNEL, (_event: unknown, message: unknown) => {
  const command = parseMenuCommand(message);
  if (command === null) return;
  if (listeners.size === 0) {
    held.push(command);
    if (held.length > HELD_LIMIT) held.shift();
    return;
  }
  for (const listener of listeners) listener(command);
});

const api = {
  getAppInfo: () => ipcRenderer.invoke(CHANNEL_NAMES.getAppInfo, {}),
  saveTextFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.saveTextFile, request),
  openTextFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.openTextFile, request),
  openExternal: (request) => ipcRenderer.invoke(CHANNEL_NAMES.openExternal, request),
  saveBinaryFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.saveBinaryFile, request),
  saveXlsxFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.saveXlsxFile, request),
  openScenarioFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.openScenarioFile, request),
  addRecentFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.addRecentFile, request),
  saveScenarioFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.saveScenarioFile, request),
  getRecentFiles: () => ipcRenderer.invoke(CHANNEL_NAMES.getRecentFiles, {}),
  setDocumentState: (request) => ipcRenderer.invoke(CHANNEL_NAMES.setDocumentState, request),
  closeWindow: () => ipcRenderer.invoke(CHANNEL_NAMES.closeWindow, {}),
  writeRecovery: (request) => ipcRenderer.invoke(CHANNEL_NAMES.writeRecovery, request),
  readRecovery: () => ipcRenderer.invoke(CHANNEL_NAMES.readRecovery, {}),
  clearRecovery: () => ipcRenderer.invoke(CHANNEL_NAMES.clearRecovery, {}),
  onMenuCommand: (listener) => {
    const wrapped = (command: MenuCommand) => listener(command);
    listeners.add(wrapped);
    for (const command of held.splice(0)) wrapped(command);
    return () => {
      listeners.delete(wrapped);
    };
  },
} satisfies DesktopApi;

contextBridge.exposeInMainWorld('clusterplanDesktop', api);
