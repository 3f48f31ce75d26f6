// `npm test`: typecheck, lint, format check, unit tests, build, end-to-end tests; then one plain
// line `N passed, N failed[, N skipped]` summing the unit and e2e runners' JSON reports.
// Every step runs even when an earlier one fails, so one run shows everything that is wrong;
// the exit code is non-zero if any step failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, installPlaywrightChromium } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPORTS = path.join(ROOT, 'reports');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const failures = [];
function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n== ${name}`);
  const r = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    failures.push(name);
    console.log(`== ${name}: FAILED (${seconds} s)`);
  } else {
    console.log(`== ${name}: ok (${seconds} s)`);
  }
}

/**
 * Steps that do not depend on each other, run side by side (each is mostly one core); their
 * output is printed step by step, in the order given, once each has finished.
 */
async function stepsSideBySide(steps) {
  const runs = steps.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, args, { cwd: ROOT, env: process.env });
        const chunks = [];
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        const done = (status) =>
          resolve({
            name,
            status,
            output: Buffer.concat(chunks).toString('utf8'),
            seconds: ((Date.now() - started) / 1000).toFixed(1),
          });
        child.on('error', (error) => {
          chunks.push(Buffer.from(`${error.message}\n`));
          done(1);
        });
        child.on('close', (code) => done(code));
      }),
  );
  for (const run of runs) {
    const { name, status, output, seconds } = await run;
    console.log(`\n== ${name}`);
    process.stdout.write(output);
    if (status !== 0) {
      failures.push(name);
      console.log(`== ${name}: FAILED (${seconds} s)`);
    } else {
      console.log(`== ${name}: ok (${seconds} s)`);
    }
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// No Chromium: Playwright's own install first; only if that fails, stop with one line.
const found = await ensureChromium({ install: () => installPlaywrightChromium(ROOT) });
if (found.error) {
  console.error(found.error);
  process.exit(1);
}
const chromium = found.chromium;

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const vitestJson = path.join(REPORTS, 'vitest.json');
const playwrightJson = path.join(REPORTS, 'playwright.json');

await stepsSideBySide([
  ['typecheck', npm, ['run', '-s', 'typecheck']],
  ['lint', npm, ['run', '-s', 'lint']],
  ['format check', npm, ['run', '-s', 'format:check']],
]);
step('unit tests', npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
step('build', npm, ['run', '-s', 'build']);
step('end-to-end tests', npx, ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  CHROMIUM_PATH: chromium,
});

let passed = 0;
let failed = 0;
let skipped = 0;
const unit = readJson(vitestJson);
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
  skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
} else {
  failures.push('unit tests (no report)');
}
const e2e = readJson(playwrightJson);
if (e2e?.stats) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
  skipped += e2e.stats.skipped ?? 0;
} else {
  failures.push('end-to-end tests (no report)');
}

console.log('');
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
