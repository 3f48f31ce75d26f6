/**
 * The project stands alone: tests and the CLI read the validation sets bundled in
 * model/validation/bundled/. Where ../shared/validation/ exists beside the repository (the
 * team's machines), the bundled copies must hold the same cases as the files there; in a
 * clone with nothing beside it the comparison is skipped, and the test says so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledValidationFiles } from '../../../model/validation/bundled';
import { withoutCopyExtensions } from '../../../model/validation/training';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUNDLED = path.join(ROOT, 'model', 'validation', 'bundled');
const SHARED = path.resolve(ROOT, '..', 'shared', 'validation');
const hasShared = existsSync(SHARED);

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')) as unknown;

describe('bundled validation sets', () => {
  it('every bundled file is listed in bundledValidationFiles and parses', () => {
    const files = readdirSync(BUNDLED).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(bundledValidationFiles.map((f) => f.file).sort());
    for (const f of bundledValidationFiles) {
      expect(readJson(path.join(BUNDLED, f.file)), f.file).toEqual(f.data);
    }
  });

  if (!hasShared) {
    console.warn(
      `bundled validation sets: ${SHARED} does not exist; the check that the bundled copies equal it is skipped`,
    );
  }

  it.skipIf(!hasShared)(
    `the copies equal ../shared/validation/*.json (skipped: no ${SHARED} beside the repository)`,
    () => {
      const shared = readdirSync(SHARED).filter((f) => f.endsWith('.json'));
      const copied = shared.filter((f) => existsSync(path.join(BUNDLED, f)));
      // The three development sets the tests and the accuracy page use are copies.
      expect(copied).toEqual(
        expect.arrayContaining(['training-dev.json', 'storage-dev.json', 'serving-dev.json']),
      );
      // A copy may carry ClusterPlan's documented case extensions (CASE_COPY_EXTENSIONS: the MoE
      // dispatch settings read from a run's recipe, and their citation); without them it must
      // equal the shared file field for field.
      const stripped = (data: unknown): unknown => {
        const d = data as { cases?: unknown[] };
        return Array.isArray(d.cases) ? { ...d, cases: d.cases.map(withoutCopyExtensions) } : d;
      };
      for (const f of copied) {
        expect(
          stripped(readJson(path.join(BUNDLED, f))),
          `${f} differs from ${SHARED}/${f}`,
        ).toEqual(readJson(path.join(SHARED, f)));
      }
    },
  );
});
