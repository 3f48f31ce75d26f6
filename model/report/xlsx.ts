import type { MetricRow, ReportContent } from './content';
import { neutraliseCell } from './csv';

/**
 * The report as an XLSX workbook (write-excel-file's universal entry, so the same code runs in
 * the renderer and in the CLI): a Summary sheet, a Comparison sheet with one column per
 * scenario, an Assumptions sheet with sources, and one sheet per scenario. Numbers stay numbers
 * with a number format, units are in the headers, and every text cell is neutralised against
 * formula injection (./csv.ts). The bytes are written by write-excel-file, which the caller
 * passes in (`XlsxWriter`), loaded on first use so it stays out of the start-up bundle.
 */

/** A cell as this module builds it (a subset of write-excel-file's cell object). */
export type XlsxCell = {
  readonly value: string | number | boolean;
  readonly type: StringConstructor | NumberConstructor | BooleanConstructor;
  readonly format?: string;
  readonly fontWeight?: 'bold';
} | null;

export type XlsxSheet = {
  readonly sheet: string;
  readonly data: readonly (readonly XlsxCell[])[];
  readonly columns: readonly { readonly width: number }[];
  readonly stickyRowsCount: number;
};

/** Excel's limit on sheet names, and the characters it forbids in them. */
const SHEET_NAME_MAX = 31;
const SHEET_NAME_FORBIDDEN = /[\\/?*[\]:]/g;

/**
 * A valid, unique sheet name: forbidden characters replaced, cut to 31 characters, numbered
 * when taken, never starting or ending with an apostrophe.
 */
export function sheetName(name: string, taken: ReadonlySet<string>): string {
  const clean =
    name
      .replace(SHEET_NAME_FORBIDDEN, ' ')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Scenario';
  let candidate = clean.slice(0, SHEET_NAME_MAX).trim();
  for (let i = 2; [...taken].some((t) => t.toLowerCase() === candidate.toLowerCase()); i++) {
    const suffix = ` (${i})`;
    candidate = clean.slice(0, SHEET_NAME_MAX - suffix.length).trim() + suffix;
  }
  return candidate;
}

/**
 * The number format for a figure: thousands separators, and decimals that keep about four
 * significant digits for its magnitude.
 */
export function numberFormat(value: number): string {
  const a = Math.abs(value);
  if (a === 0 || a >= 100) return '#,##0';
  if (a >= 1) return '#,##0.00';
  if (a >= 0.01) return '0.0000';
  return '0.00E+00';
}

function text(value: string, bold = false): XlsxCell {
  return {
    value: neutraliseCell(value),
    type: String,
    ...(bold ? { fontWeight: 'bold' as const } : {}),
  };
}

function num(value: number | null, format?: string): XlsxCell {
  if (value === null || !Number.isFinite(value)) return null;
  return { value, type: Number, format: format ?? numberFormat(value) };
}

function any(value: string | number | boolean | null): XlsxCell {
  if (value === null) return null;
  if (typeof value === 'number') return num(value);
  if (typeof value === 'boolean') return { value, type: Boolean };
  return text(value);
}

function header(cells: readonly string[]): XlsxCell[] {
  return cells.map((c) => text(c, true));
}

function withUnit(label: string, unit: string): string {
  return unit ? `${label} (${unit})` : label;
}

function metricRows(
  rows: readonly MetricRow[],
  content: ReportContent,
  withDeltas: boolean,
): XlsxCell[][] {
  const base = content.scenarios[content.baselineIndex]?.name ?? '';
  const names = content.scenarios.map((s) => s.name);
  const head = [
    'Metric id',
    'Metric',
    'Unit',
    ...names,
    ...(withDeltas
      ? names.flatMap((n, i) =>
          i === content.baselineIndex ? [] : [`Δ ${n} vs ${base}`, `Δ% ${n} vs ${base}`],
        )
      : []),
  ];
  const body = rows.map((r) => [
    text(r.metricId),
    text(r.label),
    text(r.unit),
    ...r.values.map((v) => num(v)),
    ...(withDeltas
      ? r.deltas.flatMap((d, i) =>
          i === content.baselineIndex
            ? []
            : [num(d?.abs ?? null), num(d?.pct === undefined ? null : d.pct, '0.00')],
        )
      : []),
  ]);
  return [header(head), ...body];
}

/** The workbook's sheets as plain data (what `reportWorkbook` writes). */
export function reportSheets(content: ReportContent): XlsxSheet[] {
  const names = content.scenarios.map((s) => s.name);

  const taken = new Set<string>(['Summary', 'Comparison', 'Assumptions', 'Catalog values']);
  const summary: XlsxCell[][] = [
    [text(content.cover.title, true)],
    [text('Date'), text(content.cover.date)],
    [text('App version'), text(content.cover.appVersion)],
    [text('Catalog version'), text(content.cover.catalogVersion)],
    [text('Baseline'), text(content.cover.baselineName)],
    [],
    ...metricRows(content.summary, content, true),
    [
      text('bottleneck'),
      text('Binding bottleneck'),
      text(''),
      ...content.bottlenecks.map((b) => text(b ?? '—')),
    ],
  ];
  const inputs: XlsxCell[][] = [
    header(['Input', 'Unit', ...names, ...names.map((s) => `User-set: ${s}`), 'Source', 'Date']),
    ...content.assumptions.inputs.map((r) => [
      text(r.path),
      text(r.unit),
      ...r.values.map((v) => any(v?.value ?? null)),
      ...r.values.map((v) => (v ? text(v.user ? 'user' : 'default') : null)),
      text(r.source),
      text(r.date),
    ]),
  ];
  const catalog: XlsxCell[][] = [
    header([
      'Kind',
      'Item',
      'Field',
      'Value',
      'Unit',
      'Basis',
      'Soft',
      'User override',
      'Date',
      'Sources',
      'Used by',
    ]),
    ...content.assumptions.catalog.map((r) => [
      text(r.kind),
      text(r.itemId),
      text(r.field),
      num(r.value),
      text(r.unit),
      text(r.basis),
      { value: r.soft, type: Boolean },
      { value: r.user, type: Boolean },
      text(r.date),
      text(r.sources.join('; ')),
      text(r.usedBy.join('; ')),
    ]),
  ];
  const sheets: XlsxSheet[] = [
    {
      sheet: 'Summary',
      data: summary,
      columns: [
        { width: 34 },
        { width: 34 },
        { width: 12 },
        ...names.map(() => ({ width: 22 })),
        ...names.flatMap(() => [{ width: 18 }, { width: 14 }]),
      ],
      stickyRowsCount: 0,
    },
    {
      sheet: 'Comparison',
      data: metricRows(content.comparison, content, true),
      columns: [
        { width: 34 },
        { width: 40 },
        { width: 12 },
        ...names.map(() => ({ width: 22 })),
        ...names.flatMap(() => [{ width: 18 }, { width: 14 }]),
      ],
      stickyRowsCount: 1,
    },
    {
      sheet: 'Assumptions',
      data: inputs,
      columns: [
        { width: 46 },
        { width: 14 },
        ...names.map(() => ({ width: 22 })),
        ...names.map(() => ({ width: 14 })),
        { width: 24 },
        { width: 16 },
      ],
      stickyRowsCount: 1,
    },
    {
      sheet: 'Catalog values',
      data: catalog,
      columns: [
        { width: 14 },
        { width: 20 },
        { width: 26 },
        { width: 12 },
        { width: 12 },
        { width: 10 },
        { width: 8 },
        { width: 10 },
        { width: 10 },
        { width: 80 },
        { width: 40 },
      ],
      stickyRowsCount: 1,
    },
  ];
  for (const a of content.appendices) {
    const name = sheetName(a.name, taken);
    taken.add(name);
    sheets.push({
      sheet: name,
      data: [
        [text(a.name, true)],
        [text('Workload'), text(a.workloadKind)],
        [text('Description'), text(a.description)],
        [text('Bottleneck'), text(a.bottleneck ?? '—')],
        ...a.warnings.map((w) => [text('Warning'), text(w)]),
        [],
        header(['Metric id', 'Metric', 'Group', 'Value', 'Unit']),
        ...a.metrics.map((m) => [
          text(m.metricId),
          text(withUnit(m.label, m.unit)),
          text(m.group),
          num(m.value),
          text(m.unit),
        ]),
      ],
      columns: [{ width: 34 }, { width: 44 }, { width: 12 }, { width: 20 }, { width: 12 }],
      stickyRowsCount: 0,
    });
  }
  return sheets;
}

/**
 * Turns sheets into XLSX bytes: write-excel-file's universal entry, passed in by the caller (the
 * renderer and the CLI load it on first use), so that this module stays pure.
 */
export type XlsxWriter = (sheets: readonly XlsxSheet[]) => Promise<Uint8Array<ArrayBuffer>>;

/** The workbook as XLSX bytes, written by `write`. */
export async function reportWorkbook(
  content: ReportContent,
  write: XlsxWriter,
): Promise<Uint8Array<ArrayBuffer>> {
  return write(reportSheets(content));
}
