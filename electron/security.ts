/**
 * Security policy of the desktop shell as plain functions, so unit tests cover every decision
 * without an Electron binary. main.ts only wires these into Electron's hooks.
 * Checklist: https://www.electronjs.org/docs/latest/tutorial/security
 */
import path from 'node:path';

/** The custom protocol the app's own files are served from (never file://). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'clusterplan';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Content-Security-Policy for every app document. No `unsafe-eval` (zod runs jitless), no
 * inline scripts, no inline style elements, no remote content, no plugins, no framing (React
 * style props set properties through the CSSOM, which style-src does not restrict). renderer/index.html and cli/npm/serve.mjs carry the same policy
 * (test/electron/csp.test.ts keeps the three equal).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** webPreferences for every window: isolated, sandboxed, no Node in any renderer context. */
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  } as const;
}

export type WindowBounds = { x?: number; y?: number; width: number; height: number };

/**
 * Minimum window size the layout is designed for: 1024×640 fits a 1366×768 laptop and a
 * 1920×1080 screen at 150 % (1280×720 logical) with room for the taskbar; the renderer lays the
 * editor out in one column below 900 px (e2e/layout.spec.ts).
 */
export const MIN_WINDOW = { width: 1024, height: 640 } as const;

/** BrowserWindow options of the main window. */
export function mainWindowOptions(preloadPath: string, bounds?: WindowBounds) {
  const width = Math.max(bounds?.width ?? 1440, MIN_WINDOW.width);
  const height = Math.max(bounds?.height ?? 900, MIN_WINDOW.height);
  return {
    width,
    height,
    ...(bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    show: false,
    title: 'ClusterPlan',
    backgroundColor: '#f7f8fa',
    webPreferences: secureWebPreferences(preloadPath),
  };
}

const DOT_SEGMENT = /(\/|%2f|%5c|\\)(\.|%2e){1,2}(\/|%2f|%5c|\\|\?|#|$)/i;

/**
 * Map an `app://clusterplan/...` request to a file under `rootDir`, or `null` when the request
 * must be refused: another scheme or host, NUL bytes, backslashes, bad escapes, or a path that
 * resolves outside `rootDir` (traversal, including percent-encoded `..`).
 */
export function resolveAppRequest(requestUrl: string, rootDir: string): string | null {
  // The URL parser folds `..` segments (also %2e%2e) into the path before we see it, which
  // keeps them inside the root; refuse such requests outright instead (defence in depth).
  if (DOT_SEGMENT.test(requestUrl)) return null;
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST) return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = path.resolve(rootDir);
  const resolved = path.resolve(root, relative);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  if (resolved === root) return null;
  return resolved;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Content type for a served file by its extension (octet-stream when unknown). */
export function contentTypeFor(filePath: string): string {
  return MIME[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** True when a frame URL belongs to the app itself (the only origin allowed to call IPC). */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.hostname === APP_HOST && u.port === '';
  } catch {
    return false;
  }
}

/** Navigation is locked: the single-page app never navigates its window anywhere. */
export function isNavigationAllowed(_url: string): boolean {
  return false;
}

/** Every permission request (camera, notifications, geolocation, ...) is denied. */
export function isPermissionGranted(_permission: string): boolean {
  return false;
}
