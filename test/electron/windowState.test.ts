import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_WINDOW } from '../../electron/security';
import {
  captureWindowState,
  parseWindowState,
  restoreWindowState,
  type Rect,
} from '../../electron/windowState';

const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1080 };
const right: Rect = { x: 1920, y: 0, width: 2560, height: 1440 };

describe('window state', () => {
  it('parses saved state and refuses what is not', () => {
    const ok = { x: 10, y: 20, width: 1500, height: 900, maximized: true };
    expect(parseWindowState(ok)).toEqual(ok);
    for (const bad of [
      undefined,
      null,
      'x',
      { ...ok, width: -5 },
      { ...ok, width: 1e9 },
      { ...ok, x: 1.5 },
      { ...ok, maximized: 'yes' },
      { x: 1, y: 2 },
    ]) {
      expect(parseWindowState(bad)).toBeNull();
    }
  });

  it('restores bounds on the display they were on', () => {
    const saved = { x: 2000, y: 100, width: 1600, height: 1000, maximized: false };
    expect(restoreWindowState(saved, [laptop, right])).toEqual({
      bounds: { x: 2000, y: 100, width: 1600, height: 1000 },
      maximized: false,
      fullScreen: false,
    });
  });

  it('moves a window whose display is gone onto the primary display, centred', () => {
    const saved = { x: 2000, y: 100, width: 1600, height: 1000, maximized: true };
    expect(restoreWindowState(saved, [laptop])).toEqual({
      bounds: { x: 160, y: 40, width: 1600, height: 1000 },
      maximized: true,
      fullScreen: false,
    });
  });

  it('pulls a window hanging off the edge back inside and shrinks it to the screen', () => {
    const r = restoreWindowState({ x: 1800, y: 900, width: 3000, height: 2000, maximized: false }, [
      laptop,
    ]);
    expect(r.bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
  });

  it('first start: default size centred on the primary display', () => {
    expect(restoreWindowState(null, [laptop]).bounds).toEqual({
      x: 240,
      y: 90,
      width: 1440,
      height: 900,
    });
  });

  it('always lands fully on a connected display, at least the layout minimum when it fits (fast-check)', () => {
    const rect = fc.record({
      x: fc.integer({ min: -5000, max: 8000 }),
      y: fc.integer({ min: -5000, max: 8000 }),
      width: fc.integer({ min: 640, max: 6000 }),
      height: fc.integer({ min: 480, max: 4000 }),
    });
    const saved = fc.option(
      fc.record({
        x: fc.integer({ min: -100_000, max: 100_000 }),
        y: fc.integer({ min: -100_000, max: 100_000 }),
        width: fc.integer({ min: 1, max: 100_000 }),
        height: fc.integer({ min: 1, max: 100_000 }),
        maximized: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(saved, fc.array(rect, { minLength: 1, maxLength: 4 }), (s, displays) => {
        const { bounds: b } = restoreWindowState(s, displays);
        const host = displays.find(
          (d) =>
            b.x >= d.x &&
            b.y >= d.y &&
            b.x + b.width <= d.x + d.width &&
            b.y + b.height <= d.y + d.height,
        );
        expect(host).toBeDefined();
        expect(b.width).toBeGreaterThanOrEqual(Math.min(MIN_WINDOW.width, host!.width));
        expect(b.height).toBeGreaterThanOrEqual(Math.min(MIN_WINDOW.height, host!.height));
      }),
      { numRuns: 2000 },
    );
  });

  it('captures integer normal bounds', () => {
    expect(
      captureWindowState({ x: 1.4, y: 2.6, width: 1300.2, height: 850.7 }, true, false),
    ).toEqual({ x: 1, y: 3, width: 1300, height: 851, maximized: true, fullScreen: false });
  });
});
