import { existsSync } from 'node:fs';

/**
 * Which Chromium the end-to-end tests drive: `CHROMIUM_PATH`, else Debian's /usr/bin/chromium,
 * else Playwright's own downloaded browser (undefined executablePath). scripts/test.mjs checks
 * beforehand that one exists and says what to install when none does.
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

/** Flags for a closed network: no background connections, no sandbox as root in CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
