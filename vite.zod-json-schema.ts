import type { Plugin } from 'vite';

/** zod's classic schema classes: they wire every schema kind to its JSON Schema converter. */
const CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

/** A schema kind registering its converter (`inst._zod.processJSONSchema = ... processors.x(...)`). */
const CONVERTER_HOOK =
  /^[ \t]*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+\(inst, ctx, json, params\);\r?\n/gm;

/** The import of the JSON Schema method factories (`toJSONSchema()`, `~standard.jsonSchema`). */
const METHOD_IMPORT =
  /^import \{ createStandardJSONSchemaMethod, createToJSONSchemaMethod \} from "\.\.\/core\/to-json-schema\.js";$/m;

const THROWING_METHODS = [
  'const notInRenderer = () => { throw new Error("JSON Schema conversion is not part of the renderer build"); };',
  'const createStandardJSONSchemaMethod = () => notInRenderer;',
  'const createToJSONSchemaMethod = () => notInRenderer;',
].join(' ');

/**
 * zod's classic schemas without their JSON Schema conversion: the converter hooks are removed
 * and `toJSONSchema()` / `~standard.jsonSchema` throw. Everything else (parsing, errors, the
 * schema introspection such as `minValue`, which uses the same module's `aggregateChecks`) is
 * unchanged. Returns null when the source does not have the expected shape (a zod upgrade).
 */
export function withoutJsonSchema(code: string): { code: string; hooks: number } | null {
  const hooks = code.match(CONVERTER_HOOK)?.length ?? 0;
  if (hooks === 0 || !METHOD_IMPORT.test(code)) return null;
  return { code: code.replace(CONVERTER_HOOK, '').replace(METHOD_IMPORT, THROWING_METHODS), hooks };
}

/** The classic object schema's set-up through zod's JIT object parser (`$ZodObjectJIT`). */
const OBJECT_JIT_INIT = 'core.$ZodObjectJIT.init(inst, def);';

/**
 * zod's classic object schemas set up as the plain `$ZodObject` instead of `$ZodObjectJIT`, the
 * variant that compiles a fast parser with `new Function` (zod's `Doc` code writer). The renderer
 * runs zod with `jitless: true` (renderer/zodConfig.ts: the CSP forbids `new Function`), where
 * `$ZodObjectJIT` parses by calling `$ZodObject`'s parser and nothing else, so parsing and errors
 * are the same; the compiler and its code writer are then left out of the bundle (about 1 KB
 * gzipped). Returns null when the source does not set up objects this way (a zod upgrade).
 */
export function withoutObjectJit(code: string): string | null {
  const at = code.indexOf(OBJECT_JIT_INIT);
  if (at < 0 || code.indexOf(OBJECT_JIT_INIT, at + 1) >= 0) return null;
  return code.replace(OBJECT_JIT_INIT, 'core.$ZodObject.init(inst, def);');
}

/**
 * Leaves zod's JSON Schema conversion out of the renderer. zod's classic schemas wire it in
 * eagerly (each schema kind registers its converter), so the converters were shipped although
 * the app never converts a schema to JSON Schema: about 5 KB of gzip, in the start-up engine
 * chunk. With the hooks gone the bundler drops the converters. The CLI and the tests run on the
 * unchanged library. Also sets objects up without the JIT (`withoutObjectJit`). Warns (and
 * changes nothing) if zod's source no longer has the shape this expects.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'clusterplan-zod-without-json-schema',
    enforce: 'pre',
    transform(code, id) {
      if (!CLASSIC_SCHEMAS.test(id.split('?')[0] ?? id)) return null;
      const out = withoutJsonSchema(code);
      if (!out) {
        this.warn('zod classic/schemas.js has changed shape: its JSON Schema code stays in');
        return null;
      }
      const jitless = withoutObjectJit(out.code);
      if (!jitless) this.warn('zod classic/schemas.js has changed shape: its object JIT stays in');
      return { code: jitless ?? out.code, map: null };
    },
  };
}
