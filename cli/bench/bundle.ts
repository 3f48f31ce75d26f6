import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * `bundle_gzip_kb`: the built renderer's size as shipped over the wire, gzip level 9, summed over
 * every file of dist/renderer (scripts, styles, the HTML, the engine worker entry, icons). Build
 * first (`npm run build:renderer`). 1 KB = 1,024 bytes. Target ≤ 500 KB.
 */

/** Sizes of one measurement, KB of gzip. */
export type BundleSize = {
  /** Every file of the build. */
  readonly totalKb: number;
  /** What the app loads at start: index.html and the scripts and styles it references. */
  readonly initialKb: number;
  /** The Web Worker entries (files named `*worker*`; the engine chunks they import are shared with the pages and counted there). */
  readonly workerKb: number;
  /** Per file, KB of gzip, largest first. */
  readonly files: readonly { readonly file: string; readonly kb: number }[];
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/**
 * Gzip every file of the built renderer and sum the sizes.
 * @param dir - the build folder (default dist/renderer under the current directory)
 * @throws Error when the folder is missing (build first)
 */
export function measureBundle(dir = resolve('dist', 'renderer')): BundleSize {
  let files: string[];
  try {
    files = walk(dir);
  } catch {
    throw new Error(`${dir} not found: run \`npm run build:renderer\` first`);
  }
  const sizes = files
    .map((f) => ({
      file: f.slice(dir.length + 1),
      kb: gzipSync(readFileSync(f), { level: 9 }).length / 1024,
    }))
    .sort((a, b) => b.kb - a.kb);
  const totalKb = sizes.reduce((a, s) => a + s.kb, 0);
  const workerKb = sizes.filter((s) => /worker/i.test(s.file)).reduce((a, s) => a + s.kb, 0);
  // Start-up: index.html plus every asset it names (entry script, modulepreloads, styles).
  let html = '';
  try {
    html = readFileSync(join(dir, 'index.html'), 'utf8');
  } catch {
    html = '';
  }
  const named = new Set(
    [...html.matchAll(/(?:src|href)="\.?\/?([^"]+)"/g)].map((m) =>
      (m[1] ?? '').replace(/^\.\//, ''),
    ),
  );
  const initialKb = sizes
    .filter((s) => s.file === 'index.html' || named.has(s.file.split('\\').join('/')))
    .reduce((a, s) => a + s.kb, 0);
  return { totalKb, initialKb, workerKb, files: sizes };
}

/** `bundle_gzip_kb`: total gzip size of dist/renderer, KB (see `measureBundle`). */
export function measureBundleGzipKb(dir?: string): number {
  return measureBundle(dir).totalKb;
}
