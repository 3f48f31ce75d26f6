/**
 * Preload (sandboxed, CommonJS). Exposes exactly one method per operation of the DesktopApi
 * contract as `window.clusterplanDesktop`; never ipcRenderer itself or a generic send.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNEL_NAMES } from './channels';
import type { DesktopApi } from './contract';

const api = {
  getAppInfo: () => ipcRenderer.invoke(CHANNEL_NAMES.getAppInfo, {}),
  saveTextFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.saveTextFile, request),
  openTextFile: (request) => ipcRenderer.invoke(CHANNEL_NAMES.openTextFile, request),
  openExternal: (request) => ipcRenderer.invoke(CHANNEL_NAMES.openExternal, request),
} satisfies DesktopApi;

contextBridge.exposeInMainWorld('clusterplanDesktop', api);
