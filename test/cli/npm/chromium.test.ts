/**
 * `npm test` finds a Chromium, and where none is found runs Playwright's own browser install
 * before giving up with its one-line message.
 */
import { describe, expect, it, vi } from 'vitest';
import { ensureChromium, findChromium, NO_CHROMIUM_MESSAGE } from '../../../cli/npm/chromium.mjs';

describe('npm test: Chromium', () => {
  it('prefers CHROMIUM_PATH, then /usr/bin/chromium, then Playwright’s own', async () => {
    const none = () => Promise.resolve(null);
    expect(
      await findChromium({
        env: { CHROMIUM_PATH: '/x/chrome' },
        exists: () => true,
        ownChromium: none,
      }),
    ).toBe('/x/chrome');
    expect(
      await findChromium({
        env: { CHROMIUM_PATH: '/x/chrome' },
        exists: () => false,
        ownChromium: none,
      }),
    ).toBeNull();
    expect(
      await findChromium({ env: {}, exists: (p) => p === '/usr/bin/chromium', ownChromium: none }),
    ).toBe('/usr/bin/chromium');
    expect(
      await findChromium({
        env: {},
        exists: () => false,
        ownChromium: () => Promise.resolve('/cache/chrome'),
      }),
    ).toBe('/cache/chrome');
  });

  it('uses a Chromium that is there without installing anything', async () => {
    const install = vi.fn(() => true);
    expect(await ensureChromium({ find: () => Promise.resolve('/c'), install })).toEqual({
      chromium: '/c',
      installed: false,
    });
    expect(install).not.toHaveBeenCalled();
  });

  it('none found: runs Playwright’s install, then uses what it installed', async () => {
    let installed = false;
    const r = await ensureChromium({
      find: () => Promise.resolve(installed ? '/cache/chrome' : null),
      install: () => (installed = true),
    });
    expect(r).toEqual({ chromium: '/cache/chrome', installed: true });
  });

  it('stops with the one-line message only when the install fails', async () => {
    const install = vi.fn(() => false);
    const r = await ensureChromium({ find: () => Promise.resolve(null), install });
    expect(install).toHaveBeenCalledTimes(1);
    expect(r).toEqual({ error: NO_CHROMIUM_MESSAGE });
    expect(NO_CHROMIUM_MESSAGE).not.toContain('\n');
  });
});
