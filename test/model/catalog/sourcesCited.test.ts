import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogSources } from '../../../model/catalog/sources';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES_FILE = join(ROOT, 'model', 'catalog', 'sources.ts');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(tsx?|json)$/.test(name) ? [p] : [];
  });
}

/**
 * The source index ships in the renderer's start-up bundle, so it holds only sources the app
 * cites: by a catalog number or scenario default (an id in quotes), by a source date, or named in
 * a comment beside the constant it supports. The research catalog's other sources stay in
 * shared/research/catalog.json.
 */
describe('catalog source index', () => {
  it('every source is cited somewhere in model/ or renderer/', () => {
    const text = [...files(join(ROOT, 'model')), ...files(join(ROOT, 'renderer'))]
      .filter((f) => f !== SOURCES_FILE)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const uncited = catalogSources
      .map((s) => s.id)
      .filter((id) => {
        const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return !new RegExp(`(^|[^\\w-])${escaped}(?![\\w-])`, 'm').test(text);
      });
    expect(uncited).toEqual([]);
  });
});
