import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** A Babel helper as Babel prints it: one line, `function _name(...) { ... }` (or `ownKeys`). */
const HELPER_LINE = /^function (_[A-Za-z]+|ownKeys)\(.*\}$/;

/** A path with forward slashes (module ids use them on every platform). */
function slashes(path: string): string {
  return path.split('\\').join('/');
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return jsFiles(p);
    return name.endsWith('.js') ? [p] : [];
  });
}

/**
 * The helpers that every file of a package defines in the same words: name → its one line.
 * A name defined in two different ways anywhere is left out (each file keeps its own).
 */
export function sharedHelpers(sources: readonly string[]): Map<string, string> {
  const variants = new Map<string, Set<string>>();
  for (const source of sources)
    for (const raw of source.split('\n')) {
      const line = raw.trimEnd();
      const name = HELPER_LINE.exec(line)?.[1];
      if (!name) continue;
      const set = variants.get(name) ?? new Set<string>();
      set.add(line);
      variants.set(name, set);
    }
  const helpers = new Map<string, string>();
  for (const [name, set] of variants) if (set.size === 1) helpers.set(name, [...set][0] ?? '');
  return helpers;
}

/** One module of the package with its copies of the shared helpers replaced by an import. */
export function withSharedHelpers(
  code: string,
  helpers: ReadonlyMap<string, string>,
  from: string,
): string | null {
  const used: string[] = [];
  const kept = code.split('\n').filter((raw) => {
    const line = raw.trimEnd();
    const name = HELPER_LINE.exec(line)?.[1];
    if (name === undefined || helpers.get(name) !== line) return true;
    used.push(name);
    return false;
  });
  if (used.length === 0) return null;
  return `import { ${used.join(', ')} } from ${JSON.stringify(from)};\n${kept.join('\n')}`;
}

/**
 * Babel compiled each file of `packageDir` with its own copy of the helpers it needs
 * (`_defineProperty`, `_objectSpread`, `_extends`, ...): recharts ships about 70 copies of
 * each. The build keeps one: every copy that reads exactly like the others becomes an import
 * from one module holding the helpers once (about 3 KB of gzip less). The helpers' code is
 * unchanged, only no longer repeated.
 */
export function shareBabelHelpers(packageDir: string): Plugin {
  const dir = slashes(packageDir);
  const virtualId = `virtual:babel-helpers:${dir}`;
  // Named under the package's folder so code-splitting groups that match the package take it.
  const resolvedId = `\0${dir}/babel-helpers.js`;
  let helpers = new Map<string, string>();
  return {
    name: 'clusterplan-share-babel-helpers',
    enforce: 'pre',
    buildStart() {
      helpers = sharedHelpers(jsFiles(packageDir).map((f) => readFileSync(f, 'utf8')));
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : null;
    },
    load(id) {
      if (id !== resolvedId) return null;
      return `${[...helpers.values()].join('\n')}\nexport { ${[...helpers.keys()].join(', ')} };\n`;
    },
    transform(code, id) {
      const file = slashes(id.split('?')[0] ?? id);
      if (!file.startsWith(`${dir}/`) || !file.endsWith('.js')) return null;
      const out = withSharedHelpers(code, helpers, virtualId);
      return out === null ? null : { code: out, map: null };
    },
  };
}
