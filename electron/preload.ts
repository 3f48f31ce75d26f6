/**
 * Preload (sandboxed, CommonJS). Exposes exactly one method per operation of the DesktopApi
 * contract as `window.clusterplanDesktop`; never ipcRenderer itself or a generic send.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNEL_NAMES, MENU_COMMAND_CHANNEL, parseMenuCommand } from './channels';
import type { DesktopApi } from './contract';

const api = {
  getAppInfo: () => ipcRenderer.invoke(CHANNEL_NAMES.getAppInfo, {}),
  saveTextFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.saveTextFile, request),
  openTextFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.openTextFile, request),
  openExternal: (request) => ipcRenderer.invoke(CHANNEL_NAMES.openExternal, request),
  saveBinaryFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.saveBinaryFile, request),
  openScenarioFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.openScenarioFile, request),
  saveScenarioFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.saveScenarioFile, request),
  getRecentFiles: () => ipcRenderer.invoke(CHANNEL_NAMES.getRecentFiles, {}),
  setDocumentState: (request) => ipcRenderer.invoke(CHANNEL_NAMES.setDocumentState, request),
  closeWindow: () => ipcRenderer.invoke(CHANNEL_NAMES.closeWindow, {}),
  writeRecovery: (request) => ipcRenderer.invoke(CHANNEL_NAMES.writeRecovery, request),
  readRecovery: () => ipcRenderer.invoke(CHANNEL_NAMES.readRecovery, {}),
  clearRecovery: () => ipcRenderer.invoke(CHANNEL_NAMES.clearRecovery, {}),
  // Only validated commands reach the page; the Electron event object never does.
  onMenuCommand: (listener) => {
    const wrapped = (_event: unknown, message: unknown) => {
      const command = parseMenuCommand(message);
      if (command !== null) listener(command);
    };
    ipcRenderer.on(MENU_COMMAND_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(MENU_COMMAND_CHANNEL, wrapped);
    };
  },
} satisfies DesktopApi;

contextBridge.exposeInMainWorld('clusterplanDesktop', api);
