// Which Chromium `npm test` drives, and getting one where none is installed: CHROMIUM_PATH,
// else Debian's /usr/bin/chromium, else Playwright's own browser; when none is found,
// Playwright's own install (`npx playwright install chromium`) runs once, and only if that
// fails does `npm test` stop with one line saying what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const NO_CHROMIUM_MESSAGE =
  'No Chromium for the end-to-end tests and `npx playwright install chromium` failed: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.';

/** Playwright's own Chromium, when it has been downloaded. */
async function playwrightChromium(exists) {
  try {
    const { chromium } = await import('playwright-core');
    const own = chromium.executablePath();
    return own && exists(own) ? own : null;
  } catch {
    return null;
  }
}

/**
 * The Chromium the e2e tests will use, or null with nothing available.
 * @param {{ env?: Record<string, string | undefined>, exists?: (p: string) => boolean,
 *   ownChromium?: () => Promise<string | null> }} deps - fakes in tests
 */
export async function findChromium(deps = {}) {
  const env = deps.env ?? process.env;
  const exists = deps.exists ?? existsSync;
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  if (exists('/usr/bin/chromium')) return '/usr/bin/chromium';
  return (deps.ownChromium ?? (() => playwrightChromium(exists)))();
}

/** Run `npx playwright install chromium` (output shown); true when it exited 0. */
export function installPlaywrightChromium(cwd) {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  console.log('\n== No Chromium found: npx playwright install chromium');
  const env = { ...process.env };
  delete env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD;
  const r = spawnSync(npx, ['playwright', 'install', 'chromium'], { cwd, stdio: 'inherit', env });
  return r.status === 0;
}

/**
 * A Chromium, installing Playwright's when none is found.
 * @returns `{ chromium }`, or `{ error }` (the one-line message) when the install failed too
 */
export async function ensureChromium(deps = {}) {
  const found = await (deps.find ?? findChromium)();
  if (found) return { chromium: found, installed: false };
  const install = deps.install ?? (() => installPlaywrightChromium(process.cwd()));
  if (install()) {
    const after = await (deps.find ?? findChromium)();
    if (after) return { chromium: after, installed: true };
  }
  return { error: NO_CHROMIUM_MESSAGE };
}
