/**
 * `npm start` in browser mode: builds the renderer, says why it serves in a browser, prints the
 * URL on 127.0.0.1 and serves the app there until stopped. CLUSTERPLAN_BROWSER=1 forces browser
 * mode so this test never downloads or opens Electron on a machine that could.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('npm start (browser mode)', () => {
  it('prints the URL and serves the app until stopped', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'cli', 'npm', 'start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, CLUSTERPLAN_BROWSER: '1', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), 90_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /ClusterPlan is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`start exited ${code}:\n${out}`)));
      });
      expect(out).toContain('Browser mode requested (CLUSTERPLAN_BROWSER=1)');
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      // A production build even though this test runs with NODE_ENV=test: no development JSX
      // runtime (React's jsxDEV) in what it serves.
      expect(process.env.NODE_ENV).toBe('test');
      const assets = path.join(ROOT, 'dist', 'renderer', 'assets');
      const dev = readdirSync(assets).filter(
        (f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes('jsxDEV'),
      );
      expect(dev).toEqual([]);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code === 0 || code === null).toBe(true);
  }, 120_000);
});
