import { describe, expect, it } from 'vitest';
import { bundledValidationFiles } from '../../../model/validation/bundled';
import {
  CASE_FIELDS_NOT_READ,
  REPORTED_FIELDS_READ,
  trimValidationFile,
} from '../../../model/validation/bundled/trim';
import {
  decodeValidationFile,
  encodeValidationFiles,
} from '../../../model/validation/bundled/compact';
import { runValidation } from '../../../model/validation';
import { explainSource } from '../../../renderer/features/accuracy/accuracyData';

function cases(data: unknown): Record<string, unknown>[] {
  return (data as { cases: Record<string, unknown>[] }).cases;
}

describe('trimValidationFile (what the renderer ships of a validation file)', () => {
  it('keeps only the reported fields the harness and the accuracy screen read', () => {
    for (const f of bundledValidationFiles) {
      for (const c of cases(trimValidationFile(f.data))) {
        const reported = (c['observed'] as Record<string, unknown>)['reported'];
        if (reported === undefined) continue;
        for (const k of Object.keys(reported as object))
          expect(
            REPORTED_FIELDS_READ as readonly string[],
            `${f.file} ${String(c['id'])}`,
          ).toContain(k);
      }
    }
  });

  it('leaves out the case fields nothing in the app reads (present in the full files)', () => {
    for (const k of CASE_FIELDS_NOT_READ) {
      expect(bundledValidationFiles.some((f) => cases(f.data).some((c) => k in c))).toBe(true);
      for (const f of bundledValidationFiles)
        for (const c of cases(trimValidationFile(f.data)))
          expect(c, `${f.file} ${k}`).not.toHaveProperty(k);
    }
  });

  it('every case explains its source on the accuracy screen as the whole file does', () => {
    for (const f of bundledValidationFiles) {
      const full = cases(f.data);
      const trimmed = cases(trimValidationFile(f.data));
      expect(trimmed.length).toBe(full.length);
      full.forEach((c, i) =>
        expect(explainSource(trimmed[i]), `${f.file}`).toEqual(explainSource(c)),
      );
    }
  });

  it('every bundled file validates the same trimmed as whole', () => {
    const row = (c: {
      id: string;
      predicted: number | null;
      failure?: string;
      notes: readonly string[];
    }) => [c.id, c.predicted, c.failure, c.notes];
    for (const f of bundledValidationFiles) {
      const full = runValidation([f.data]);
      const trimmed = runValidation([trimValidationFile(f.data)]);
      expect(trimmed.cases.map(row), f.file).toEqual(full.cases.map(row));
      expect(trimmed.summary, f.file).toEqual(full.summary);
    }
  });

  it('leaves the repository files as they are (the CLI reads them whole)', () => {
    const f = bundledValidationFiles.find((x) => x.file === 'training-mlperf-steps.json');
    const before = JSON.stringify(f?.data);
    trimValidationFile(f?.data);
    expect(JSON.stringify(f?.data)).toBe(before);
    expect(JSON.stringify(trimValidationFile(f?.data)).length).toBeLessThan(before.length);
  });
});

describe('encodeValidationFiles / decodeValidationFile (the compact form the renderer ships)', () => {
  const trimmed = bundledValidationFiles.map((f) => trimValidationFile(f.data));
  const { shapes, encoded } = encodeValidationFiles(trimmed);

  it('gives back every bundled file as parsed, key order included, from one shape table', () => {
    trimmed.forEach((data, i) => {
      const e = encoded[i];
      expect(e, bundledValidationFiles[i]?.file).not.toBeNull();
      if (!e) return;
      expect(JSON.stringify(decodeValidationFile(shapes, e))).toBe(JSON.stringify(data));
    });
    // Cases share their shapes (the point of the form): far fewer shapes than cases.
    const n = trimmed.reduce<number>((sum, d) => sum + cases(d).length, 0);
    expect(shapes.length).toBeLessThan(n / 4);
  });

  it('is smaller than the files it encodes', () => {
    const whole = trimmed.reduce<number>((sum, d) => sum + JSON.stringify(d).length, 0);
    const compact = JSON.stringify({ shapes, encoded }).length;
    expect(compact).toBeLessThan(whole);
  });

  it('leaves a file it cannot store by shape as it is (null), the others encoded', () => {
    const dotted = { format: 'x', cases: [{ id: 'a', 'b.c': 1 }] };
    const casesNotLast = { cases: [{ id: 'a' }], format: 'x' };
    const emptyCase = { format: 'x', cases: [{}] };
    const ok = { format: 'x', cases: [{ id: 'a', o: { p: 1, q: {} }, r: [1, { s: 2 }] }] };
    const r = encodeValidationFiles([dotted, casesNotLast, emptyCase, 'text', ok]);
    expect(r.encoded.slice(0, 4)).toEqual([null, null, null, null]);
    const e = r.encoded[4];
    expect(e).not.toBeNull();
    if (e) expect(JSON.stringify(decodeValidationFile(r.shapes, e))).toBe(JSON.stringify(ok));
  });
});
