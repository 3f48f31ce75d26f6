import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { encodeValidationFiles } from './model/validation/bundled/compact.ts';
import { trimValidationFile } from './model/validation/bundled/trim.ts';

const BUNDLED_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'model/validation/bundled');
const DECODER = join(BUNDLED_DIR, 'compact.ts');
const BUNDLED_JSON = /[\\/]model[\\/]validation[\\/]bundled[\\/]([^\\/]+\.json)$/;
// Module ids not ending in .json, so Vite's JSON plugin leaves the generated code alone.
const FILE_PREFIX = '\0clusterplan-validation:';
const SUFFIX = '.mjs';
const SHAPES_ID = '\0clusterplan-validation-shapes.mjs';

/** Every bundled validation file, trimmed, encoded with one shape table (by file name). */
function encodeBundled(): {
  readonly shapes: readonly (readonly string[])[];
  readonly files: ReadonlyMap<string, unknown>;
} {
  const names = readdirSync(BUNDLED_DIR).filter((n) => n.endsWith('.json'));
  const trimmed = names.map((n) =>
    trimValidationFile(JSON.parse(readFileSync(join(BUNDLED_DIR, n), 'utf8'))),
  );
  const { shapes, encoded } = encodeValidationFiles(trimmed);
  return {
    shapes,
    files: new Map(names.map((n, i) => [n, encoded[i] ?? { whole: trimmed[i] }])),
  };
}

/**
 * Ships the bundled validation files in the renderer without the fields nothing in the app reads
 * (`trimValidationFile`), each case stored as its shape and leaf values (`encodeValidationFiles`,
 * one shape table for all files) and decoded back to the same objects when the module loads. The
 * CLI and the tests read the files whole.
 */
export function trimValidation(): Plugin {
  let bundled: ReturnType<typeof encodeBundled> | undefined;
  return {
    name: 'clusterplan-trim-validation',
    enforce: 'pre',
    buildStart() {
      bundled = undefined;
    },
    async resolveId(source, importer, options) {
      if (source === SHAPES_ID) return SHAPES_ID;
      if (!source.endsWith('.json') || !importer) return null;
      const r = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!r || r.external) return null;
      const file = r.id.split('?')[0] ?? r.id;
      if (!BUNDLED_JSON.test(file) || dirname(file) !== BUNDLED_DIR) return null;
      return `${FILE_PREFIX}${file}${SUFFIX}`;
    },
    load(id) {
      if (id !== SHAPES_ID && !(id.startsWith(FILE_PREFIX) && id.endsWith(SUFFIX))) return null;
      bundled ??= encodeBundled();
      if (id === SHAPES_ID) return `export default ${JSON.stringify(bundled.shapes)};`;
      // Free of side effects (the decode is pure), so a module that imports the bundled files
      // without using them (model/report/methodology.ts in the screens' chunk) does not load them.
      const name = BUNDLED_JSON.exec(id.slice(FILE_PREFIX.length, -SUFFIX.length))?.[1] ?? '';
      const file = bundled.files.get(name);
      if (file === undefined) throw new Error(`validation file ${name} not in ${BUNDLED_DIR}`);
      if ('whole' in (file as object))
        return `export default ${JSON.stringify((file as { whole: unknown }).whole)};`;
      const code = [
        `import { decodeValidationFile } from ${JSON.stringify(DECODER)};`,
        `import shapes from ${JSON.stringify(SHAPES_ID)};`,
        `export default /* @__PURE__ */ decodeValidationFile(shapes, ${JSON.stringify(file)});`,
      ].join('\n');
      return { code, moduleSideEffects: false };
    },
  };
}
