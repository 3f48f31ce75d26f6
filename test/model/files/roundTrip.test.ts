/**
 * Save → load round-trips exactly (fast-check): any workspace of valid scenarios (random names,
 * descriptions, order, baseline and user catalog entries overriding catalog items with any
 * number in the field's range, plain or with its unit) read back from its saved text gives the
 * same scenarios, and saving what was read gives the same text again.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readScenarioFile, serializeScenarioFile } from '../../../model/files';

const EXAMPLES = [
  'pretrain-llama3-70b-1024xh100-ib.json',
  'pretrain-llama3-70b-1024xh100-roce.json',
  'finetune-llama3-8b-8xh100-lora.json',
  'serving-llama3-70b-8xh100-fp8.json',
  'starved-vit-256xh100-nas.json',
].map(
  (name) =>
    JSON.parse(
      readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>,
);

/** Text without bidirectional controls (refused anywhere in a scenario; tested elsewhere). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const plainText = (t: fc.Arbitrary<string>) => t.map((x) => x.replace(BIDI, ''));

/** A number in [min, max], plain or as `{ value, unit }` in the field's own unit. */
const userNumber = (min: number, max: number, unit: string) =>
  fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .chain((v) => fc.constantFrom<unknown>(v, { value: v, unit }));

const userEntry = fc.oneof(
  fc.record({
    kind: fc.constant('system'),
    id: fc.constantFrom('dgx-h100', 'dgx-b200', 'hgx-h100-oem'),
    date: fc.constantFrom('2025', '2026-01', '2026-01-31'),
    source: plainText(fc.string({ maxLength: 40 })),
    fields: fc.record(
      { priceUsd: userNumber(0, 1e8, 'USD'), notes: plainText(fc.string({ maxLength: 20 })) },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    kind: fc.constant('nic'),
    id: fc.constantFrom('connectx-7', 'connectx-8'),
    date: fc.constantFrom('2025', '2026-01'),
    source: plainText(fc.string({ maxLength: 40 })),
    fields: fc.record(
      { powerW: userNumber(0, 1000, 'W'), priceUsd: userNumber(0, 1e5, 'USD') },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    kind: fc.constant('electricity'),
    id: fc.constant('us-texas'),
    date: fc.constant('2026'),
    source: plainText(fc.string({ maxLength: 40 })),
    fields: fc.record({ pricePerKwh: fc.double({ min: 0, max: 5, noNaN: true }) }),
  }),
);

const scenarioDoc = fc
  .record({
    base: fc.constantFrom(...EXAMPLES),
    name: plainText(fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' })).filter(
      (n) => n.length > 0,
    ),
    description: plainText(fc.string({ maxLength: 200, unit: 'binary' })),
    entries: fc.array(userEntry, { maxLength: 3 }),
  })
  .map(({ base, name, description, entries }) => ({
    ...base,
    name,
    description,
    userCatalog: { entries },
  }));

const workspace = fc
  .array(scenarioDoc, { minLength: 1, maxLength: 8 })
  .chain((docs) => fc.tuple(fc.constant(docs), fc.nat(docs.length - 1)));

describe('scenario file round trip', () => {
  it('save → load → save is exact for 300 random workspaces', () => {
    fc.assert(
      fc.property(workspace, ([docs, baseline]) => {
        const text = serializeScenarioFile(docs, baseline);
        const first = readScenarioFile(text);
        // Names and descriptions may hold any text; every such workspace is a valid file.
        if (!first.ok) throw new Error(first.error);
        expect(first.contents.baseline).toBe(baseline);
        expect(first.contents.scenarios.map((s) => [s.name, s.description])).toEqual(
          docs.map((d) => [d.name, d.description]),
        );
        expect(first.contents.scenarios.map((s) => s.userCatalog.entries.length)).toEqual(
          docs.map((d) => d.userCatalog.entries.length),
        );
        // Saved as read (the documents as stated, in the file's layout): the same bytes.
        const savedAgain = serializeScenarioFile(
          first.contents.documents,
          baseline,
          first.contents.layout,
        );
        expect(savedAgain).toBe(text);
        // Saving the parsed scenarios (every default written out) reads back the same scenarios.
        const full = readScenarioFile(serializeScenarioFile(first.contents.scenarios, baseline));
        expect(full.ok && full.contents.scenarios).toEqual(first.contents.scenarios);
      }),
      { numRuns: 300 },
    );
  });
});
