/**
 * Window size, position and maximised state, saved to `userData/window-state.json` on close and
 * restored on start. What is read back is untrusted (hand-edited, from another machine, a
 * display since unplugged): it is validated with zod and the bounds are clamped onto a display
 * that is connected now, so the window never opens off-screen or larger than the screen.
 */
import { z } from 'zod';
import { MIN_WINDOW } from './security';

export type Rect = {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};

/** Largest coordinate or size accepted from the file (pixels; far beyond any real desktop). */
const MAX_COORD_PX = 100_000;

const coord = z.number().int().min(-MAX_COORD_PX).max(MAX_COORD_PX);
const size = z.number().int().min(1).max(MAX_COORD_PX);

export const windowStateSchema = z.object({
  x: coord,
  y: coord,
  width: size,
  height: size,
  maximized: z.boolean(),
  fullScreen: z.boolean().optional(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

/** Size of a first start (no saved state), before clamping to the screen. */
export const DEFAULT_WINDOW_SIZE = { width: 1440, height: 900 } as const;

export type RestoredWindow = {
  readonly bounds: Rect;
  readonly maximized: boolean;
  readonly fullScreen: boolean;
};

/** Parse saved window state; `null` when missing or invalid (the default placement is used). */
export function parseWindowState(raw: unknown): WindowState | null {
  const r = windowStateSchema.safeParse(raw);
  return r.success ? r.data : null;
}

function intersectionArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), Math.max(lo, hi));
}

/**
 * Where to open the window: the saved bounds moved and shrunk onto the display they overlap
 * most (or the primary display, centred, when they overlap none), never smaller than the
 * layout's minimum unless the display itself is smaller.
 * @param saved - parsed saved state, or `null` for a first start
 * @param workAreas - work areas of the connected displays, primary first (pixels)
 */
export function restoreWindowState(
  saved: WindowState | null,
  workAreas: readonly Rect[],
): RestoredWindow {
  const primary: Rect = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_WINDOW_SIZE };
  const wanted: Rect = saved ?? {
    x: primary.x,
    y: primary.y,
    width: DEFAULT_WINDOW_SIZE.width,
    height: DEFAULT_WINDOW_SIZE.height,
  };
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const a = intersectionArea(wanted, area);
    if (a > bestArea) {
      best = area;
      bestArea = a;
    }
  }
  const display = best ?? primary;
  const width = Math.min(Math.max(wanted.width, MIN_WINDOW.width), display.width);
  const height = Math.min(Math.max(wanted.height, MIN_WINDOW.height), display.height);
  const centred = best === null || saved === null;
  const x = centred
    ? display.x + Math.round((display.width - width) / 2)
    : clamp(wanted.x, display.x, display.x + display.width - width);
  const y = centred
    ? display.y + Math.round((display.height - height) / 2)
    : clamp(wanted.y, display.y, display.y + display.height - height);
  return {
    bounds: { x, y, width, height },
    maximized: saved?.maximized ?? false,
    fullScreen: saved?.fullScreen ?? false,
  };
}

/**
 * What to save on close: the normal (un-maximised) bounds, so restoring and then
 * un-maximising gives the size the user had.
 */
export function captureWindowState(
  normalBounds: Rect,
  maximized: boolean,
  fullScreen: boolean,
): WindowState {
  return {
    x: Math.round(normalBounds.x),
    y: Math.round(normalBounds.y),
    width: Math.max(1, Math.round(normalBounds.width)),
    height: Math.max(1, Math.round(normalBounds.height)),
    maximized,
    fullScreen,
  };
}
