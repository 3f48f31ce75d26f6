import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogSources } from '../../../model/catalog/sources';
import { sourceSchema } from '../../../model/catalog/sourced';

describe('catalog source index (data/sources.json)', () => {
  it('is valid against the source schema, field by field, with unique ids', () => {
    // The index is JSON (parsed faster than an object literal at start-up), so the type checker
    // no longer sees it: this test is what stops a malformed entry.
    expect(z.array(sourceSchema).parse(catalogSources)).toEqual(catalogSources);
    const ids = catalogSources.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('rejects an entry without a kind (the check can fail)', () => {
    const broken = [{ ...catalogSources[0], kind: undefined }];
    expect(() => z.array(sourceSchema).parse(broken)).toThrow();
  });
});
