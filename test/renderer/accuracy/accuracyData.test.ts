import { describe, expect, it } from 'vitest';
import { loadValidationFile, runValidation, summarize } from '../../../model/validation';
import { bundledValidationFiles } from '../../../model/validation/bundled';
import {
  accuracySet,
  explainSource,
  overallSummary,
  rowsToShow,
} from '../../../renderer/features/accuracy/accuracyData';

describe('bundled validation files', () => {
  it('are validation files with no malformed case', () => {
    expect(bundledValidationFiles.map((f) => f.file)).toEqual([
      'training-dev.json',
      'training-published.json',
      'training-published-older.json',
      'training-mlperf-steps.json',
      'training-mlperf-ttt.json',
      'moe-dev.json',
      'moe-published.json',
      'storage-dev.json',
      'serving-dev.json',
      'power-dev.json',
    ]);
    for (const f of bundledValidationFiles) {
      const loaded = loadValidationFile(f.data);
      expect(loaded.malformed).toEqual([]);
      expect(loaded.cases.length).toBeGreaterThan(0);
    }
  });
});

describe('source explanations', () => {
  it('explains each family and keeps the case’s own note and verification', () => {
    expect(
      explainSource({ source: "Narayanan et al. SC'21 (Megatron-LM), Table 1" }).explanation,
    ).toMatch(/Peer-reviewed/);
    expect(
      explainSource({ source: 'Megatron-Bridge 25.11 performance summary, DGX-H100' }).explanation,
    ).toMatch(/held out/);
    expect(explainSource({ source: 'MLPerf Training v3.0 closed, NVIDIA x' }).explanation).toMatch(
      /MLCommons-audited/,
    );
    expect(
      explainSource({ source: 'MLPerf Training result log (steady step time): v5.1 x' })
        .explanation,
    ).toMatch(/result log.*held out/);
    expect(
      explainSource({ source: 'MLPerf Training result log (time to train, run_start to x): y' })
        .explanation,
    ).toMatch(/time to train.*evaluations included/);
    // Every case of the older-software set finds its family (none falls back).
    const older = bundledValidationFiles.find((f) => f.file === 'training-published-older.json');
    const olderCases = (older?.data as { cases: { source: string }[] }).cases;
    expect(olderCases.length).toBeGreaterThan(40);
    for (const c of olderCases) {
      expect(explainSource(c).explanation).toMatch(
        /NeMo Framework performance tables|Llama 3 paper|Megatron-Bridge performance summary/,
      );
    }
    expect(explainSource({ source: 'MLPerf Inference v4.1 closed' }).explanation).toMatch(
      /inference/,
    );
    const e = explainSource({
      source: 'TensorRT-LLM perf overview',
      observed: { reported: { verification: 'primary', source_note: 'light load' } },
    });
    expect(e).toMatchObject({ verification: 'primary', note: 'light load' });
    // A case with both keeps both: the source's remark and the case's own provenance.
    expect(
      explainSource({
        source: 'TensorRT-LLM perf overview',
        note: 'node size not stated',
        observed: { reported: { source_note: 'light load' } },
      }).note,
    ).toBe('light load · node size not stated');
    expect(explainSource({ source: 'x', note: 'case note' }).note).toBe('case note');
    expect(explainSource({}).source).toBe('(source not named)');
    expect(explainSource({ source: 'my lab' }).explanation).toMatch(/Published measurement/);
  });
});

describe('accuracy sets', () => {
  const storage = bundledValidationFiles.find((f) => f.file === 'storage-dev.json');
  it('runs the harness on a file and attaches each case’s source', () => {
    if (!storage) throw new Error('fixture');
    const set = accuracySet(storage);
    const direct = runValidation([storage.data]);
    expect(set.summary).toEqual(direct.summary);
    expect(set.rows.map((r) => r.id)).toEqual(direct.cases.map((c) => c.id));
    for (const r of set.rows) expect(r.source).toMatch(/MLPerf Storage/);
  });

  it('a failing case (unsupported kind) is shown as failed, outside tolerance', () => {
    const file = {
      file: 'x.json',
      label: 'x',
      data: {
        format: 'clusterplan-validation/1',
        set: 'x',
        cases: [
          {
            id: 'c1',
            kind: 'teleport',
            source: 'nowhere',
            observed: { metric: 'm', value: 2 },
            tolerance_pct: 5,
          },
        ],
      },
    };
    const set = accuracySet(file);
    expect(set.rows[0]).toMatchObject({
      id: 'c1',
      withinTolerance: false,
      predicted: null,
      source: 'nowhere',
    });
    expect(set.summary.failed).toBe(1);
    expect(rowsToShow(set.rows, true)).toHaveLength(1);
  });

  it('filters rows outside tolerance, and the overall summary counts every case once', () => {
    const fake = (id: string, within: boolean, err: number) => ({
      id,
      kind: 'k',
      metric: 'm',
      observed: 1,
      predicted: 1 + err / 100,
      errorPct: err,
      tolerancePct: 10,
      withinTolerance: within,
      notes: [],
      set: 's',
      source: 's',
      explanation: 'e',
      verification: null,
      note: null,
    });
    const a = {
      file: 'a',
      label: 'a',
      reading: null,
      summary: summarize([]),
      rows: [fake('1', true, 5), fake('2', false, -20)],
    };
    const b = {
      file: 'b',
      label: 'b',
      reading: 'how to read b',
      summary: summarize([]),
      rows: [fake('3', true, 1)],
    };
    expect(rowsToShow(a.rows, true).map((r) => r.id)).toEqual(['2']);
    expect(rowsToShow(a.rows, false)).toHaveLength(2);
    const all = overallSummary([a, b], summarize);
    // |errors| 5, 20, 1 → median 5, max 20, 2 of 3 within.
    expect(all).toMatchObject({ n: 3, failed: 0, medianAbsErrorPct: 5, maxAbsErrorPct: 20 });
    expect(all.withinTolerancePct).toBeCloseTo(66.667, 2);
  });
});
