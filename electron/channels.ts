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
} as const;
