/**
 * model/'s dependency order (test/lint/layers.ts): every import of a model file goes to its own
 * folder or a lower layer, through the target folder's index.ts (or one of its listed public
 * files), and each folder README's "May import:" line names exactly what the rule allows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODEL_LAYERS, PUBLIC_FILES, layerOf, mayImport } from './layers';

const ROOT = path.resolve(import.meta.dirname, '../../model');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** `training/simulate` for model/training/simulate.ts; `evaluate` for model/evaluate.ts. */
function moduleOf(file: string): string {
  return path
    .relative(ROOT, file)
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '');
}
function folderOf(module: string): string {
  return module.split('/')[0] as string;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g;

describe('model/ layering', () => {
  const violations: string[] = [];
  const deep: string[] = [];
  for (const file of files(ROOT)) {
    const from = moduleOf(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), m[1] as string);
      if (!target.startsWith(ROOT)) continue;
      const to = path
        .relative(ROOT, target)
        .replace(/\.(ts|json)$/, '')
        .replace(/\/index$/, '');
      if (folderOf(to) === folderOf(from)) continue;
      if (layerOf(to) > layerOf(from)) violations.push(`model/${from} imports model/${to}`);
      if (to.includes('/') && !(to in PUBLIC_FILES)) deep.push(`model/${from} imports model/${to}`);
    }
  }

  it('no file imports a folder on a higher layer', () => {
    expect(violations).toEqual([]);
  });

  it('cross-folder imports go through index.ts or a listed public file', () => {
    expect(deep).toEqual([]);
  });

  it('every folder of model/ is on a layer', () => {
    const folders = readdirSync(ROOT).filter((f) => statSync(path.join(ROOT, f)).isDirectory());
    for (const f of folders) expect(MODEL_LAYERS.flat(), f).toContain(f);
  });

  it('each folder README’s “May import:” line names exactly what the rule allows', () => {
    const folders = readdirSync(ROOT).filter((f) => statSync(path.join(ROOT, f)).isDirectory());
    for (const f of folders) {
      const readme = readFileSync(path.join(ROOT, f, 'README.md'), 'utf8');
      const line = /^May import: (.*)$/m.exec(readme)?.[1];
      expect(line, `model/${f}/README.md has no "May import:" line`).toBeDefined();
      const named = [...(line ?? '').matchAll(/`model\/([a-z]+)`/g)].map((x) => x[1]).sort();
      expect(named, `model/${f}/README.md`).toEqual(mayImport(f));
    }
  });
});

describe('renderer and CLI layering', () => {
  const REPO = path.resolve(import.meta.dirname, '../..');
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? sources(p) : /\.(ts|tsx|mjs)$/.test(p) ? [p] : [];
    });
  }
  function importsOf(file: string): string[] {
    const text = readFileSync(file, 'utf8');
    return [
      ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g),
    ].map((m) => path.relative(REPO, path.resolve(path.dirname(file), (m[1] ?? m[2]) as string)));
  }

  it('the CLI never imports the renderer (report content and the XLSX builder live in model/report)', () => {
    const bad = sources(path.join(REPO, 'cli')).flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith('renderer'))
        .map((t) => `${path.relative(REPO, f)} → ${t}`),
    );
    expect(bad).toEqual([]);
  });

  it('the store never imports features or the App', () => {
    const bad = sources(path.join(REPO, 'renderer/store')).flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith('renderer/features') || t === 'renderer/App')
        .map((t) => `${path.relative(REPO, f)} → ${t}`),
    );
    expect(bad).toEqual([]);
  });

  it('the renderer reaches electron/ only through electron/contract.ts (types) and electron/links.ts', () => {
    const bad = sources(path.join(REPO, 'renderer')).flatMap((f) =>
      importsOf(f)
        .filter(
          (t) => t.startsWith('electron') && t !== 'electron/contract' && t !== 'electron/links',
        )
        .map((t) => `${path.relative(REPO, f)} → ${t}`),
    );
    expect(bad).toEqual([]);
  });

  it('the renderer imports electron/contract.ts for types only (its zod schemas are main’s, not the bundle’s)', () => {
    const bad = sources(path.join(REPO, 'renderer')).flatMap((f) =>
      [
        ...readFileSync(f, 'utf8').matchAll(
          /(import|export)(\s+type)?\s[^;]*?from\s+'(\.[^']*electron\/contract)'/g,
        ),
      ]
        .filter((m) => m[2] === undefined)
        .map((m) => `${path.relative(REPO, f)} → ${m[3] as string}`),
    );
    expect(bad).toEqual([]);
  });
});
