import { createContext, useContext, type ReactNode } from 'react';
import type { DesktopApi } from '../../electron/contract';
import { createBrowserApi } from './browserApi';

declare global {
  // Declaration merging with the DOM's Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    readonly clusterplanDesktop?: DesktopApi;
  }
}

/**
 * The one place the host shell is chosen: the Electron preload's implementation when present,
 * else the browser's. Components only ever see the DesktopApi interface.
 */
export function resolveDesktopApi(version: string): DesktopApi {
  return window.clusterplanDesktop ?? createBrowserApi(version);
}

/** True in the desktop shell, whose native menu carries the file shortcuts (Ctrl+S, ...). */
export function hasNativeMenu(): boolean {
  return window.clusterplanDesktop !== undefined;
}

const DesktopApiContext = createContext<DesktopApi | null>(null);

export function DesktopApiProvider(props: { api: DesktopApi; children: ReactNode }) {
  return (
    <DesktopApiContext.Provider value={props.api}>{props.children}</DesktopApiContext.Provider>
  );
}

/** The shell's API, or null outside DesktopApiProvider (a screen rendered on its own in tests). */
export function useOptionalDesktopApi(): DesktopApi | null {
  return useContext(DesktopApiContext);
}

export function useDesktopApi(): DesktopApi {
  const api = useContext(DesktopApiContext);
  if (api === null) throw new Error('useDesktopApi must be used inside DesktopApiProvider');
  return api;
}
