/**
 * `npm run fuzz [-- options]`: robustness at scale, printed figures (the bounded, seeded runs of
 * the same code are unit tests in test/fuzz/ and test/electron/atomicKill.test.ts).
 *
 *   --hostile N     hostile scenario files through the one reader (default 100,000)
 *   --scenarios N   random valid scenarios through evaluate() (default 1,000,000)
 *   --kills N       kills mid-save (default 200)
 *   --workers N     worker threads for the first two (default: every core)
 *   --seed N        base seed (default 1)
 *
 * Prints one block per check and exits 1 if any target is missed: 0 crashes and 0 silent
 * acceptances of hostile files; 0 impossible outputs and 0 internal-guard errors of valid
 * scenarios; 0 torn files, 0 torn .bak and 0 temp files after the next save; the 20 MB file
 * refused in under 1 s with a message.
 */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HostileReport } from './fuzz/hostile';
import { hugeFile } from './fuzz/huge';
import { killMidSave } from './fuzz/kill';
import type { ScenarioFuzzReport } from './fuzz/scenarios';

const BOOT = new URL('./search/boot.mjs', import.meta.url);
const ENTRY = new URL('./fuzz/worker.ts', import.meta.url).href;

type Options = {
  readonly hostile: number;
  readonly scenarios: number;
  readonly kills: number;
  readonly workers: number;
  readonly seed: number;
};

/** Parse `--name N` options; unknown options throw. */
export function parseFuzzArgs(argv: readonly string[]): Options {
  const o: Record<string, number> = {
    hostile: 100_000,
    scenarios: 1_000_000,
    kills: 200,
    workers: availableParallelism(),
    seed: 1,
  };
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(argv[i] as string);
    if (!m || !(m[1]! in o)) throw new Error(`unknown option ${argv[i]}`);
    const raw = m[2] ?? argv[++i];
    const v = Number(raw);
    if (!Number.isInteger(v) || v < 0) throw new Error(`--${m[1]}: must be a whole number`);
    o[m[1]!] = v;
  }
  return { ...(o as Options), workers: Math.max(1, o['workers']!) };
}

/** Evaluated so far by each running scenario worker (progress on stderr). */
const progress = new Map<number, number>();

function runJob<T>(task: 'scenarios' | 'hostile', seed: number, count: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const w = new Worker(BOOT, { workerData: { entry: ENTRY, job: { task, seed, count } } });
    w.on('message', (m: { progress?: number; report?: T }) => {
      if (m.progress !== undefined) {
        progress.set(seed, m.progress);
        const done = [...progress.values()].reduce((a, b) => a + b, 0);
        process.stderr.write(`  … ${fmt(done)} scenarios evaluated\n`);
        return;
      }
      resolve(m.report as T);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

/** Split `total` into `parts` near-equal counts (no zero parts). */
function shares(total: number, parts: number): number[] {
  const n = Math.max(1, Math.min(parts, total));
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}

const fmt = (n: number) => n.toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function hostileFiles(o: Options): Promise<boolean> {
  if (o.hostile === 0) return true;
  const t0 = performance.now();
  const parts = await Promise.all(
    shares(o.hostile, o.workers).map((c, i) =>
      runJob<HostileReport>('hostile', o.seed * 1000 + i, c),
    ),
  );
  const sum = (k: 'files' | 'crashes' | 'silentAcceptances' | 'controls' | 'controlsRefused') =>
    parts.reduce((a, p) => a + p[k], 0);
  const crashes = sum('crashes');
  const silent = sum('silentAcceptances');
  const refusedControls = sum('controlsRefused');
  console.log(
    `hostile files: ${fmt(sum('files'))} read in ${secs(performance.now() - t0)} on ${parts.length} workers: ${fmt(crashes)} crashes, ${fmt(silent)} silent acceptances; valid controls (plain and with a byte-order mark): ${fmt(sum('controls'))}, ${fmt(refusedControls)} refused`,
  );
  for (const e of parts.flatMap((p) => p.examples).slice(0, 5)) console.log(`  ${e.slice(0, 200)}`);
  return crashes === 0 && silent === 0 && refusedControls === 0;
}

async function validScenarios(o: Options): Promise<boolean> {
  if (o.scenarios === 0) return true;
  const t0 = performance.now();
  const parts = await Promise.all(
    shares(o.scenarios, o.workers).map((c, i) =>
      runJob<ScenarioFuzzReport>('scenarios', o.seed * 1000 + i, c),
    ),
  );
  const sum = (
    k: 'evaluated' | 'refusedBySchema' | 'engineAnswers' | 'guardErrors' | 'impossible',
  ) => parts.reduce((a, p) => a + p[k], 0);
  const problems = new Map<string, number>();
  for (const p of parts)
    for (const [k, v] of p.problems) problems.set(k, (problems.get(k) ?? 0) + v.count);
  const impossible = sum('impossible');
  const guards = sum('guardErrors');
  console.log(
    `random valid scenarios: ${fmt(sum('evaluated'))} evaluated in ${secs(performance.now() - t0)} on ${parts.length} workers (${fmt(sum('refusedBySchema'))} drawn documents refused by the schema on the way): ${fmt(impossible)} with an impossible output, ${fmt(guards)} stopped by an internal guard; ${fmt(sum('engineAnswers'))} answered in words (the design cannot run), most often:`,
  );
  const sorted = [...problems].sort((a, b) => b[1] - a[1]);
  for (const [k, v] of sorted.slice(0, 8)) console.log(`  ${fmt(v).padStart(9)}  ${k}`);
  for (const [k, v] of sorted.filter(([k]) => !k.startsWith('answer:')).slice(0, 10)) {
    if (!sorted.slice(0, 8).some(([x]) => x === k)) console.log(`  ${fmt(v).padStart(9)}  ${k}`);
    // What was drawn (the base and the fields changed), to reproduce the failure.
    const example = parts.map((p) => p.problems.get(k)?.example).find((e) => e !== undefined);
    if (example) console.log(`             e.g. ${example.join(' | ').slice(0, 1500)}`);
  }
  return impossible === 0 && guards === 0;
}

async function kills(o: Options): Promise<boolean> {
  if (o.kills === 0) return true;
  const r = await killMidSave(o.kills, o.seed + 20261120);
  console.log(
    `kills mid-save: ${fmt(r.kills)} in ${secs(r.ms)}: ${r.tornTargets} partial files, ${r.tornBaks} torn .bak, ${r.tempsAfterNextSave} temp files left after the next save (${r.tempsSeenAfterKills} seen right after kills; ${r.advanced} runs saved before their kill)${r.firstProblem ? `; first problem: ${r.firstProblem}` : ''}`,
  );
  return r.tornTargets === 0 && r.tornBaks === 0 && r.tempsAfterNextSave === 0;
}

async function huge(): Promise<boolean> {
  const r = await hugeFile(20_000_000);
  console.log(
    `20 MB flat array (${fmt(r.bytes)} bytes): the reader refused it in ${r.reader.ms.toFixed(1)} ms ("${r.reader.message}"); the desktop shell refused the file in ${r.shell.ms.toFixed(1)} ms before reading it ("${r.shell.message}")`,
  );
  return r.reader.refused && r.shell.refused && r.reader.ms < 1000 && r.shell.ms < 1000;
}

export async function runFuzz(argv: readonly string[]): Promise<number> {
  let o: Options;
  try {
    o = parseFuzzArgs(argv);
  } catch (e) {
    console.error(
      `${e instanceof Error ? e.message : String(e)}\nusage: npm run fuzz -- [--hostile N] [--scenarios N] [--kills N] [--workers N] [--seed N]`,
    );
    return 2;
  }
  const results = [await huge(), await hostileFiles(o), await validScenarios(o), await kills(o)];
  const ok = results.every(Boolean);
  console.log(ok ? 'fuzz: every target met' : 'fuzz: TARGET MISSED');
  return ok ? 0 : 1;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  void runFuzz(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
