import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../model/evaluate';
import { buildReport, type ReportScenario } from '../../../model/report';
import { parseScenarioFile } from '../../../model/scenario';
import { DEFAULT_SOURCES } from '../../../model/scenario/defaultSources';
import { builtinCatalog } from '../../../model/catalog';
import {
  catalogFieldLabel,
  catalogItemText,
  inputLabel,
  reportInputs,
  sourceInWords,
} from '../../../renderer/features/report/reportInputs';
import { reportContents } from '../../../renderer/features/report/contents';

function load(file: string, id: string, patch?: (d: Record<string, unknown>) => void) {
  const doc = JSON.parse(readFileSync(`examples/${file}`, 'utf8')) as Record<string, unknown>;
  patch?.(doc);
  const r = parseScenarioFile(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const scenario = r.scenarios[0]!;
  return { id, name: scenario.name, doc, scenario, result: evaluate(scenario) } as ReportScenario;
}

const builds = [
  load('pretrain-llama3-70b-1024xh100-ib.json', 'ib'),
  load('pretrain-llama3-70b-1024xh100-roce.json', 'roce', (d) => {
    d['finance'] = { discountRate: 0.1 };
  }),
  load('serving-llama3-70b-8xh100-fp8.json', 'srv'),
];
const content = buildReport(builds, { date: '2026-11-26', appVersion: '0.1.0', accuracy: [] });
const inputs = reportInputs(
  content.assumptions.inputs,
  '2026-11-26',
  String,
  'USD',
  content.assumptions.catalog,
);

/** A dotted field path (`workload.model.ffnHiddenSize`) or a camel-case key. */
const FIELD_PATH = /\b[a-z]+(?:\.[a-z][A-Za-z0-9]*)+\b|\b[a-z]+[A-Z][A-Za-z]*\b/;
/** A repository file cited as a source. */
const INTERNAL_FILE =
  /(?:^|[\s(;,])(?:research|model|renderer|cli|electron|shared)\/[\w./-]+\.(?:ts|tsx|md|json)\b/;

describe('the report’s inputs in the reader’s words', () => {
  it('labels every input (no field path) under its section', () => {
    expect(inputLabel('workload.model.ffnHiddenSize')).toEqual({
      section: 'Workload',
      label: 'Model › FFN hidden size',
    });
    expect(inputLabel('cluster.compute.gpus').section).toBe('Compute');
    const rows = inputs.sections.flatMap((s) => s.rows);
    expect(rows.length).toBeGreaterThan(40);
    for (const r of rows) expect(r.label, r.key).not.toMatch(FIELD_PATH);
    for (const s of inputs.sections) for (const n of s.notSet) expect(n).not.toMatch(FIELD_PATH);
    const titles = inputs.sections.map((s) => s.title);
    expect(titles.slice(0, 4)).toEqual(['Workload', 'Compute', 'Network', 'Storage']);
    expect(catalogFieldLabel('denseTflops.bf16')).not.toMatch(FIELD_PATH);
  });

  it('marks user overrides and points every default at a numbered reference with a date', () => {
    const rate = inputs.sections
      .flatMap((s) => s.rows)
      .find((r) => r.key === 'finance.discountRate')!;
    // Set in the RoCE scenario only: its cell is marked, the others take the default's source.
    expect(rate.values.map((v) => v?.user)).toEqual([false, true, false]);
    const ref = inputs.references.find((x) => x.n === rate.ref)!;
    expect(ref.source).toBe(DEFAULT_SOURCES['finance.discountRate']!.source);
    const numbers = new Set(inputs.references.map((r) => r.n));
    expect(numbers.size).toBe(inputs.references.length);
    for (const r of inputs.sections.flatMap((s) => s.rows)) {
      if (r.ref !== null) expect(numbers.has(r.ref), r.key).toBe(true);
    }
    for (const r of inputs.references) {
      expect(r.date, r.source).toMatch(/^(\d{4}(-\d{2}){0,2})?$/);
      expect(r.date).not.toMatch(/^v\d/);
    }
  });

  it('says the field paths that sources and rules name in words, leaving URLs alone', () => {
    expect(sourceInWords('converted at the scenario’s exchange rate (finance.fxPerUsd)')).toBe(
      'converted at the scenario’s exchange rate (“Exchange rate” in Finance)',
    );
    expect(sourceInWords('see https://finance.yahoo.com/x')).toBe(
      'see https://finance.yahoo.com/x',
    );
    for (const c of content.assumptions.catalog) {
      const item = catalogItemText(c.kind, c.itemId);
      expect(item).not.toMatch(FIELD_PATH);
      for (const s of c.sources) expect(sourceInWords(s)).not.toMatch(/\bfinance\.[a-z]/);
    }
  });

  it('numbers each catalog number’s sources in the same reference list', () => {
    expect(inputs.catalogRefs).toHaveLength(content.assumptions.catalog.length);
    content.assumptions.catalog.forEach((c, i) => {
      const refs = inputs.catalogRefs[i]!;
      expect(refs.map((n) => inputs.references.find((r) => r.n === n)?.source)).toEqual(c.sources);
    });
  });

  it('cites public sources, never the repository’s own files', () => {
    for (const r of inputs.references) expect(r.source).not.toMatch(INTERNAL_FILE);
    for (const [path, s] of Object.entries(DEFAULT_SOURCES)) {
      expect(s.source, path).not.toMatch(INTERNAL_FILE);
    }
    for (const s of builtinCatalog().sources.values()) {
      expect(s.title, s.title).not.toMatch(INTERNAL_FILE);
    }
    for (const c of content.assumptions.catalog) {
      for (const s of c.sources) expect(s).not.toMatch(INTERNAL_FILE);
    }
  });

  it('the table of contents lists the sections and one appendix per build', () => {
    const toc = reportContents(content, { analysis: true, finance: true });
    expect(toc.map((t) => t.title)).toEqual([
      'Executive summary',
      'Charts',
      'Sensitivity and uncertainty',
      'Finance: own vs cloud, cash flow by year',
      'Comparison table',
      'Assumptions',
      'References',
      'Methodology',
      ...builds.map((b, i) => `Appendix ${'ABC'[i]}: ${b.name}`),
    ]);
    expect(
      reportContents(content, { analysis: false, finance: false }).map((t) => t.id),
    ).not.toContain('report-analysis');
  });
});
