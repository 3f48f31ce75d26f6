/**
 * Kill a process mid-save, many times, at random points, and check what is left: the target is
 * one complete version (never torn or mixed), so is its `.bak`, and the temporary files the
 * killed saves left are gone after the next save. The child runs the shell's real writer
 * (electron/files.ts writeFileAtomic, test/electron/fixtures/saveLoop.ts), bundled once by Vite
 * so each start costs tens of milliseconds.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { mulberry32 } from '../../model/analysis/prng';
import { writeFileAtomic } from '../../electron/files';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Lines per saved version (each carries the version number, so a mix is detectable). */
export const KILL_LINES = 500;

/** Bundle the saver child into `dir`; the path of the bundle. */
export async function bundleSaver(dir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: dir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      lib: {
        entry: path.join(ROOT, 'test', 'electron', 'fixtures', 'saveLoop.ts'),
        formats: ['es'],
        fileName: () => 'saveLoop.mjs',
      },
      rollupOptions: { external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)] },
    },
  });
  return path.join(dir, 'saveLoop.mjs');
}

/** Start the saver, let it run `delayMs` after its first complete save, then SIGKILL it. */
function runAndKill(bundle: string, target: string, delayMs: number, first: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, target, String(first)], {
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

/** The version a file holds, or why it is not one complete version. */
export function versionOf(text: string): number | string {
  if (!text.startsWith('[\n') || !text.endsWith('\n]\n')) return 'torn (missing start or end)';
  const lines = text.slice(2, -3).split(',\n');
  if (lines.length !== KILL_LINES) return `torn (${lines.length} lines)`;
  const versions = new Set(lines.map((l) => (JSON.parse(l) as { version: number }).version));
  if (versions.size !== 1) return `mixed versions ${[...versions].join(', ')}`;
  return [...versions][0]!;
}

export type KillReport = {
  readonly kills: number;
  /** Kills after which the target was not one complete version. */
  readonly tornTargets: number;
  /** Kills after which the `.bak` was not one complete version. */
  readonly tornBaks: number;
  /** Runs whose own save completed before the kill (all of them, or the test proves little). */
  readonly advanced: number;
  /** Temp files seen right after kills (kills that landed mid-save leave them). */
  readonly tempsSeenAfterKills: number;
  /** Temp files left after one more save by a live process: must be 0. */
  readonly tempsAfterNextSave: number;
  readonly firstProblem: string | null;
  readonly ms: number;
};

/**
 * Kill the saver `kills` times, each `0–40 ms` (seeded) after its first complete save.
 * @param kills - how many runs
 * @param seed - PRNG seed of the kill delays
 */
export async function killMidSave(kills: number, seed = 20261121): Promise<KillReport> {
  const t0 = performance.now();
  const dir = await mkdtemp(path.join(tmpdir(), 'cp-kill-'));
  const work = path.join(dir, 'work');
  try {
    const bundle = await bundleSaver(dir);
    await mkdir(work);
    const target = path.join(work, 'plan.json');
    const line = `{"version":0,"pad":"${'x'.repeat(100)}"}`;
    await writeFile(
      target,
      `[\n${Array.from({ length: KILL_LINES }, () => line).join(',\n')}\n]\n`,
    );
    const rng = mulberry32(seed);
    let last = 0;
    let advanced = 0;
    let tornTargets = 0;
    let tornBaks = 0;
    let temps = 0;
    let firstProblem: string | null = null;
    for (let i = 0; i < kills; i++) {
      const delay = Math.floor(rng() * 41);
      // Each run numbers its versions from its own range: a change of version is its own save.
      await runAndKill(bundle, target, delay, (i + 1) * 1_000_000);
      const v = versionOf(await readFile(target, 'utf8'));
      if (typeof v !== 'number') {
        tornTargets++;
        firstProblem ??= `target after a kill at ${delay} ms: ${v}`;
        continue;
      }
      const bakText = await readFile(`${target}.bak`, 'utf8').catch(() => null);
      const bak = bakText === null ? 'missing' : versionOf(bakText);
      if (typeof bak !== 'number' || bak > v) {
        tornBaks++;
        firstProblem ??= `.bak after a kill at ${delay} ms: ${String(bak)}`;
      }
      temps += (await readdir(work)).filter((f) => f.endsWith('.tmp')).length;
      if (v !== last) advanced++;
      last = v;
    }
    await writeFileAtomic(
      target,
      `[\n${Array.from({ length: KILL_LINES }, () => line).join(',\n')}\n]\n`,
    );
    const leftover = (await readdir(work)).filter((f) => f.endsWith('.tmp'));
    const after = leftover.length;
    if (after > 0) firstProblem ??= `temp files after the next save: ${leftover.join(', ')}`;
    return {
      kills,
      tornTargets,
      tornBaks,
      advanced,
      tempsSeenAfterKills: temps,
      tempsAfterNextSave: after,
      firstProblem,
      ms: performance.now() - t0,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
