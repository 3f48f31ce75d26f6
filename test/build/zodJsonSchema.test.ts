import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as zod from 'zod';
import { withoutJsonSchema, withoutObjectJit } from '../../vite.zod-json-schema';

const zodV4 = join(dirname(createRequire(import.meta.url).resolve('zod')), 'v4');
const classicSchemas = join(zodV4, 'classic', 'schemas.js');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('renderer build: zod without its JSON Schema conversion', () => {
  it("recognises the installed zod's classic schemas and removes every converter hook", () => {
    const out = withoutJsonSchema(readFileSync(classicSchemas, 'utf8'));
    expect(out).not.toBeNull();
    expect(out?.hooks).toBeGreaterThan(20);
    expect(out?.code).not.toMatch(/processJSONSchema|to-json-schema\.js/);
    // Schema introspection (minValue, isInt, ...) still reads the checks.
    expect(out?.code).toMatch(/processors\.aggregateChecks\(inst\)/);
  });

  it('parses, reports errors and introspects as the unchanged library does; only the conversion throws', async () => {
    const out = withoutJsonSchema(readFileSync(classicSchemas, 'utf8'));
    // A copy of zod's ES modules with the transformed file in place (its relative imports resolve).
    const dir = mkdtempSync(join(tmpdir(), 'zod-no-json-schema-'));
    cpSync(zodV4, dir, {
      recursive: true,
      filter: (src) => statSync(src).isDirectory() || src.endsWith('.js'),
    });
    const file = join(dir, 'classic', 'schemas.js');
    writeFileSync(file, out?.code ?? '');
    try {
      const z = (await import(pathToFileURL(file).href)) as typeof zod;
      const s = z.object({ n: z.number().int().min(2).max(9), k: z.enum(['a', 'b']).optional() });
      expect(s.parse({ n: 3 })).toEqual({ n: 3 });
      expect(s.safeParse({ n: 1 }).success).toBe(false);
      expect(z.number().min(2).max(9).minValue).toBe(2);
      expect(z.number().int().isInt).toBe(true);
      expect(z.string().min(4).minLength).toBe(4);
      expect(() => s.toJSONSchema()).toThrow(/not part of the renderer build/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a source it does not recognise alone', () => {
    expect(withoutJsonSchema('export const x = 1;')).toBeNull();
  });

  it('is safe because no engine or renderer source converts a schema to JSON Schema', () => {
    const offenders = [...sources('model'), ...sources('renderer')].filter((f) =>
      /toJSONSchema|~standard/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('sets objects up without the JIT, and they parse and report exactly as the jitless library does', async () => {
    // The renderer runs zod jitless: only then is the JIT-free object the same parser.
    expect(readFileSync('renderer/zodConfig.ts', 'utf8')).toMatch(
      /z\.config\(\{ jitless: true \}\)/,
    );
    const original = readFileSync(classicSchemas, 'utf8');
    expect(withoutObjectJit('export const x = 1;')).toBeNull();
    const code = withoutObjectJit(withoutJsonSchema(original)?.code ?? '');
    expect(code).not.toBeNull();
    expect(code).not.toMatch(/\$ZodObjectJIT/);
    const dir = mkdtempSync(join(tmpdir(), 'zod-no-object-jit-'));
    cpSync(zodV4, dir, {
      recursive: true,
      filter: (src) => statSync(src).isDirectory() || src.endsWith('.js'),
    });
    writeFileSync(join(dir, 'classic', 'schemas.js'), code ?? '');
    try {
      const trimmed = (await import(
        pathToFileURL(join(dir, 'classic', 'index.js')).href
      )) as typeof zod;
      const library = (await import(
        pathToFileURL(join(zodV4, 'classic', 'index.js')).href
      )) as typeof zod;
      const results = (z: typeof zod, jitless: boolean): unknown[] => {
        z.config({ jitless });
        const inner = z.object({ a: z.number().min(1), b: z.string().default('x') });
        const schemas = [
          z.object({ n: z.number().int(), inner, list: z.array(inner).optional() }),
          z.strictObject({ k: z.enum(['a', 'b']) }),
          z.looseObject({ k: z.number() }),
          z.object({ k: z.number() }).catchall(z.string()),
        ];
        const inputs: unknown[] = [
          { n: 2, inner: { a: 3 }, extra: true },
          { n: 2.5, inner: { a: 0, b: 7 }, list: [{ a: 1 }, { a: 'no' }] },
          { k: 'a', other: 1 },
          { k: 'c' },
          { k: 4, s: 'x', t: 5 },
          null,
          [],
          'text',
        ];
        return schemas.flatMap((s) =>
          inputs.map((v) => {
            const r = s.safeParse(v);
            return r.success ? { value: r.data } : { issues: r.error.issues };
          }),
        );
      };
      expect(results(trimmed, true)).toEqual(results(library, true));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
