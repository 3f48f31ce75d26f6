// `npm start`: build, then open the desktop window when the Electron binary is available;
// otherwise say so in one line and serve the same app in the browser until stopped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ELECTRON_DIR = path.join(ROOT, 'node_modules', 'electron');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// Always a production build: an inherited NODE_ENV (a test runner's `test`, a shell's
// `development`) would otherwise give React's development build and JSX runtime.
function run(script) {
  const r = spawnSync(npm, ['run', '-s', script], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Path of the Electron binary if it is installed, downloading it once if it can be. */
function electronBinary() {
  if (process.env.CLUSTERPLAN_BROWSER === '1') return null;
  if (!existsSync(path.join(ELECTRON_DIR, 'package.json'))) return null;
  const pathFile = path.join(ELECTRON_DIR, 'path.txt');
  if (!existsSync(pathFile)) {
    // Electron ≥ 42 downloads its binary lazily; try once, quietly, with a time limit.
    spawnSync(process.execPath, [path.join(ELECTRON_DIR, 'install.js')], {
      cwd: ELECTRON_DIR,
      stdio: 'ignore',
      timeout: 180_000,
    });
  }
  if (!existsSync(pathFile)) return null;
  const binary = path.join(ELECTRON_DIR, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

run('build:renderer');
const binary = electronBinary();
if (binary) {
  run('build:electron');
  const child = spawn(binary, [ROOT], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const port = Number(process.env.PORT ?? 5317);
  console.log(
    process.env.CLUSTERPLAN_BROWSER === '1'
      ? 'Browser mode requested (CLUSTERPLAN_BROWSER=1); serving ClusterPlan in the browser.'
      : 'Electron is not available on this machine (no binary could be downloaded); serving ClusterPlan in the browser instead.',
  );
  let started;
  try {
    started = await startServer({ port });
  } catch {
    started = await startServer({ port: 0 });
  }
  console.log(`ClusterPlan is running at ${started.url} (Ctrl+C to stop)`);
  const stop = () => started.server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
