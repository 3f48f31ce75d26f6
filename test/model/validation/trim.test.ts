import { describe, expect, it } from 'vitest';
import { bundledValidationFiles } from '../../../model/validation/bundled';
import { REPORTED_FIELDS_READ, trimValidationFile } from '../../../model/validation/bundled/trim';
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

  it('the files with serving cases (the only handler that reads reported figures) validate the same', () => {
    const serving = bundledValidationFiles.filter((f) =>
      cases(f.data).some(
        (c) =>
          c['kind'] === 'serving' ||
          (c['workload'] as { kind?: string } | undefined)?.kind === 'serving',
      ),
    );
    expect(serving.map((f) => f.file)).toEqual(
      expect.arrayContaining(['serving-dev.json', 'power-dev.json']),
    );
    for (const f of serving) {
      const full = runValidation([f.data]).cases.map((c) => [c.id, c.predicted, c.failure]);
      const trimmed = runValidation([trimValidationFile(f.data)]).cases.map((c) => [
        c.id,
        c.predicted,
        c.failure,
      ]);
      expect(trimmed, f.file).toEqual(full);
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
