/**
 * Kill a process mid-save, many times, at random points: the target file must always be one
 * complete version (the old or a new one), never torn or mixed; so must its `.bak`; and the
 * temporary files killed saves leave are gone after the next save. The child runs the shell's
 * real writer (electron/files.ts), bundled once so each start costs tens of milliseconds.
 */
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../electron/files';

const KILLS = 200;
const LINES = 500;
let bundle = '';
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cp-kill-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: dir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      lib: {
        entry: path.resolve(__dirname, 'fixtures', 'saveLoop.ts'),
        formats: ['es'],
        fileName: () => 'saveLoop.mjs',
      },
      rollupOptions: { external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)] },
    },
  });
  bundle = path.join(dir, 'saveLoop.mjs');
}, 60_000);

/** Start the saver, let it run `delayMs` after its first complete save, then SIGKILL it. */
function runAndKill(target: string, delayMs: number, firstVersion: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, target, String(firstVersion)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`saver exited ${code}: ${stderr}`)),
    );
  });
}

/** The version a file holds, or a description of why it is not one complete version. */
function versionOf(text: string): number | string {
  if (!text.startsWith('[\n') || !text.endsWith('\n]\n')) return 'torn (missing start or end)';
  const lines = text.slice(2, -3).split(',\n');
  if (lines.length !== LINES) return `torn (${lines.length} lines)`;
  const versions = new Set(lines.map((l) => (JSON.parse(l) as { version: number }).version));
  if (versions.size !== 1) return `mixed versions ${[...versions].join(', ')}`;
  return [...versions][0]!;
}

describe('atomic save under SIGKILL', () => {
  it(`leaves the old or the new complete file after ${KILLS} kills at random points`, async () => {
    const target = path.join(dir, 'plan.json');
    const line = `{"version":0,"pad":"${'x'.repeat(100)}"}`;
    await writeFile(target, `[\n${Array.from({ length: LINES }, () => line).join(',\n')}\n]\n`);
    const delays = fc.sample(fc.integer({ min: 0, max: 40 }), { numRuns: KILLS, seed: 20261121 });
    let last = 0;
    let advanced = 0;
    let orphansSeen = 0;
    for (const [i, delay] of delays.entries()) {
      // Each run numbers its versions from its own range, so any change of version is a save
      // that completed in that run.
      await runAndKill(target, delay, (i + 1) * 1_000_000);
      const v = versionOf(await readFile(target, 'utf8'));
      expect(typeof v, `after a kill at ${delay} ms: ${String(v)}`).toBe('number');
      // The .bak is a complete earlier version too (never a torn copy).
      const bak = versionOf(await readFile(`${target}.bak`, 'utf8'));
      expect(typeof bak, `.bak after a kill at ${delay} ms: ${String(bak)}`).toBe('number');
      expect(bak as number).toBeLessThanOrEqual(v as number);
      // At most the temp files of the killed save remain (the next save removes them).
      const temps = (await readdir(dir)).filter((f) => f.endsWith('.tmp'));
      expect(temps.length, temps.join(', ')).toBeLessThanOrEqual(2);
      orphansSeen += temps.length;
      if (v !== last) advanced++;
      last = v as number;
    }
    // Not vacuous: every run completed a save of its own before being killed during others,
    // and some kills did land mid-save (they left temp files behind).
    expect(advanced).toBe(KILLS);
    expect(orphansSeen).toBeGreaterThan(0);
    // The next save (by a live process) leaves no temp file behind.
    await writeFileAtomic(target, '[\n]\n');
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 180_000);
});
