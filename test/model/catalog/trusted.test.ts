import { describe, expect, it } from 'vitest';
import { builtinCatalog, catalogKinds, loadCatalog } from '../../../model/catalog';
import {
  ACCELERATORS,
  ACCELERATOR_SOURCES,
  validatedAcceleratorSeed,
} from '../../../model/catalog/accelerators';

/**
 * The app skips the zod parse of its own catalog data at start-up; these tests are where that
 * data is validated, so a malformed built-in entry fails CI instead.
 */
describe('built-in catalog data are validated here, not at start-up', () => {
  it('the accelerator seed parses, and parsing changes nothing', () => {
    const v = validatedAcceleratorSeed();
    expect(v.accelerators).toEqual(ACCELERATORS);
    expect(v.sources).toEqual(ACCELERATOR_SOURCES);
  });

  it('the validating load of every kind equals the trusted one used by the app', () => {
    const checked = loadCatalog(); // validates every item, sources and duplicate ids; throws
    const trusted = builtinCatalog();
    for (const kind of catalogKinds) {
      expect([...trusted.items[kind].entries()]).toEqual([...checked.items[kind].entries()]);
    }
    expect([...trusted.sources.keys()].sort()).toEqual([...checked.sources.keys()].sort());
  });

  it('a malformed item is still rejected by the validating load (naming kind, id and field)', () => {
    const data = Object.fromEntries(
      catalogKinds.map((k) => [k, [...builtinCatalog().items[k].values()]]),
    ) as unknown as Parameters<typeof loadCatalog>[0];
    const first = (data as unknown as Record<string, Record<string, unknown>[]>)['cooling'];
    if (!first?.[0]) throw new Error('cooling items expected');
    first[0] = { ...first[0], pue: { value: 'x' } };
    expect(() => loadCatalog(data)).toThrow(/catalog cooling "[^"]+" is invalid: pue/);
  });
});
