import type { MetricRow, ReportContent } from './content';
import type { BuildFinance } from './finance';
import { neutraliseCell } from './csv';

/**
 * The report as an XLSX workbook (write-excel-file's universal entry, so the same code runs in
 * the renderer and in the CLI): a Summary sheet, a Comparison sheet with one column per
 * scenario, an Assumptions sheet with sources, and one sheet per scenario. Numbers stay numbers
 * with a number format, units are in the headers, and every text cell is neutralised against
 * formula injection (./csv.ts). The bytes are written by write-excel-file, which the caller
 * passes in (`XlsxWriter`), loaded on first use so it stays out of the start-up bundle.
 */

/** A cell as this module builds it: write-excel-file's cell object as plain data (`writeExcelFileSheets` maps it). */
export type XlsxCell =
  | {
      readonly value: string | number | boolean;
      /** The value's type by name (plain data, so sheets cross IPC and JSON); write-excel-file's constructor is put in by `writeExcelFileSheets`. */
      readonly type: 'String' | 'Number' | 'Boolean';
      readonly format?: string | undefined;
      readonly fontWeight?: 'bold' | undefined;
    }
  | {
      /** A formula without the leading `=`, over cells of its own sheet. */
      readonly value: string;
      readonly type: 'Formula';
      /** The engine's figure for it, written as the cell's cached value (what a reader sees before recalculating). */
      readonly cached: number;
      readonly format?: string | undefined;
      readonly fontWeight?: 'bold' | undefined;
    }
  | null;

/** Workbook properties (docProps/core.xml and app.xml). */
export type XlsxProperties = {
  readonly title: string;
  readonly subject: string;
  readonly creator: string;
  readonly keywords: string;
  readonly description: string;
  /** ISO date (`2026-11-22`) or date-time; left out when not one. */
  readonly created: string;
  readonly application: string;
};

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
 * significant digits for its magnitude (fixed decimals, never scientific notation).
 */
export function numberFormat(value: number): string {
  const a = Math.abs(value);
  if (a === 0 || a >= 100) return '#,##0';
  if (a >= 1) return '#,##0.00';
  if (a >= 0.01) return '0.0000';
  const decimals = Math.min(15, Math.ceil(-Math.log10(a)) + 3);
  return `0.${'0'.repeat(decimals)}`;
}

/**
 * How a metric's figures are written: percentages as fractions with a percent format (51.85 %
 * is stored 0.5185), counts without decimals, other figures by the magnitude of the largest,
 * money with its currency. One format per metric row, deltas included.
 */
export type MetricFormat = {
  /** Stored value of a figure. */
  readonly scale: (v: number) => number;
  readonly format: string;
  /** Format of an absolute delta (percentage points for % metrics). */
  readonly deltaFormat: string;
  /** Stored value of an absolute delta. */
  readonly deltaScale: (v: number) => number;
};

const IDENTITY = (v: number): number => v;
const PERCENT = (v: number): number => v / 100;
/** Δ% columns: a fraction with a signed percent format. */
export const DELTA_PCT_FORMAT = '+0.0%;-0.0%;0.0%';

function signed(format: string): string {
  return `+${format};-${format};${format}`;
}

/**
 * The format of a metric row.
 * @param unit - the metric's unit as shown (`%`, `GPUs`, `USD`, `USD/yr`)
 * @param values - its figures (nulls ignored)
 * @param currency - the report's one currency, or null (then money gets no currency suffix)
 */
export function metricFormat(
  unit: string,
  values: readonly (number | null)[],
  currency: string | null,
): MetricFormat {
  const nums = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const largest = nums.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  if (unit === '%') {
    const format = largest >= 10 || largest === 0 ? '0.0%' : '0.00%';
    return {
      scale: PERCENT,
      format,
      deltaScale: IDENTITY,
      deltaFormat: signed('0.0" pp"'),
    };
  }
  const integral = nums.length > 0 && nums.every((v) => Number.isInteger(v));
  let format = integral ? '#,##0' : numberFormat(largest);
  if (currency !== null && unit.startsWith(currency)) format = `${format} "${currency}"`;
  return { scale: IDENTITY, format, deltaScale: IDENTITY, deltaFormat: signed(format) };
}

/**
 * Sheet names that identify each build within 31 characters: the build's number, then what
 * tells its name from the others' (the words all names share at the start are dropped; a long
 * remainder keeps its start and its end, where names usually differ), made valid and unique.
 * @param names - the builds' names, in report order
 * @param prefix - text before the number (`CF ` for cash-flow sheets)
 * @param taken - names already used (case-insensitive), not changed
 */
export function buildSheetNames(
  names: readonly string[],
  prefix: string,
  taken: ReadonlySet<string>,
): string[] {
  const words = names.map((n) => n.trim().split(/\s+/));
  let common = 0;
  if (names.length > 1) {
    const first = words[0] ?? [];
    while (
      common < first.length &&
      words.every((w) => w.length > common + 1 && w[common] === first[common])
    )
      common++;
  }
  const used = new Set(taken);
  return names.map((n, i) => {
    const head = `${prefix}${String(i + 1)} `;
    const rest =
      (words[i] ?? []).slice(common).join(' ').replace(SHEET_NAME_FORBIDDEN, ' ').trim() ||
      n.replace(SHEET_NAME_FORBIDDEN, ' ').trim();
    const room = SHEET_NAME_MAX - head.length;
    let body = rest;
    if (body.length > room) {
      const tail = Math.floor((room - 1) / 2);
      body = `${body.slice(0, room - 1 - tail).trimEnd()}…${body.slice(body.length - tail).trimStart()}`;
    }
    const name = sheetName(`${head}${body}`.replace(/^'+|'+$/g, ''), used);
    used.add(name);
    return name;
  });
}

function text(value: string, bold = false): XlsxCell {
  return {
    value: neutraliseCell(value),
    type: 'String',
    ...(bold ? { fontWeight: 'bold' as const } : {}),
  };
}

function num(value: number | null, format?: string): XlsxCell {
  if (value === null || !Number.isFinite(value)) return null;
  return { value, type: 'Number', format: format ?? numberFormat(value) };
}

function any(value: string | number | boolean | null): XlsxCell {
  if (value === null) return null;
  if (typeof value === 'number') return num(value);
  if (typeof value === 'boolean') return { value, type: 'Boolean' };
  return text(value);
}

function header(cells: readonly string[]): XlsxCell[] {
  return cells.map((c) => text(c, true));
}

function withUnit(label: string, unit: string): string {
  return unit ? `${label} (${unit})` : label;
}

/** The report's one currency, or null when its builds are priced in several. */
function reportCurrency(content: ReportContent): string | null {
  const cs = new Set(content.finance.map((f) => f.currency));
  return cs.size === 1 ? ([...cs][0] as string) : null;
}

function metricRows(
  rows: readonly MetricRow[],
  content: ReportContent,
  withDeltas: boolean,
): XlsxCell[][] {
  const base = content.scenarios[content.baselineIndex]?.name ?? '';
  const names = content.scenarios.map((s) => s.name);
  const currency = reportCurrency(content);
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
  const body = rows.map((r) => {
    const f = metricFormat(r.unit, r.values, currency);
    return [
      text(r.metricId),
      text(r.label),
      text(r.unit),
      ...r.values.map((v) => num(v === null ? null : f.scale(v), f.format)),
      ...(withDeltas
        ? r.deltas.flatMap((d, i) =>
            i === content.baselineIndex
              ? []
              : [
                  num(d ? f.deltaScale(d.abs) : null, f.deltaFormat),
                  num(d?.pct == null ? null : d.pct / 100, DELTA_PCT_FORMAT),
                ],
          )
        : []),
    ];
  });
  return [header(head), ...body];
}

/** The workbook's sheets as plain data (what `reportWorkbook` writes). */
export function reportSheets(content: ReportContent): XlsxSheet[] {
  const names = content.scenarios.map((s) => s.name);

  const taken = new Set<string>(['Summary', 'Comparison', 'Assumptions', 'Catalog values']);
  const buildNames = buildSheetNames(
    content.appendices.map((a) => a.name),
    '',
    taken,
  );
  // Numbered by the build's place in the report (a build that was not costed has no cash flow),
  // so 'CF 3 …' is always the cash flow of build 3.
  const cashFlowNames = buildSheetNames(
    content.appendices.map((a) => a.name),
    'CF ',
    new Set([...taken, ...buildNames]),
  );
  const cashFlowOf = new Map(
    content.finance.map((f) => [f.index, cashFlowNames[f.index] as string]),
  );
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
    [],
    header(['Build', 'Name', 'Sheet', 'Cash-flow sheet']),
    ...content.appendices.map((a, i) => [
      text(String(i + 1)),
      text(a.name),
      text(buildNames[i] as string),
      text(cashFlowOf.get(i) ?? '—'),
    ]),
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
      any(r.soft),
      any(r.user),
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
  const currency = reportCurrency(content);
  content.appendices.forEach((a, i) => {
    sheets.push({
      sheet: buildNames[i] as string,
      data: [
        [text(a.name, true)],
        [text('Workload'), text(a.workloadKind)],
        [text('Description'), text(a.description)],
        [text('Bottleneck'), text(a.bottleneck ?? '—')],
        ...a.warnings.map((w) => [text('Warning'), text(w)]),
        [],
        header(['Metric id', 'Metric', 'Group', 'Value', 'Unit']),
        ...a.metrics.map((m) => {
          const f = metricFormat(m.unit, [m.value], currency);
          return [
            text(m.metricId),
            text(withUnit(m.label, m.unit)),
            text(m.group),
            num(f.scale(m.value), f.format),
            text(m.unit),
          ];
        }),
      ],
      columns: [{ width: 34 }, { width: 44 }, { width: 12 }, { width: 20 }, { width: 12 }],
      stickyRowsCount: 0,
    });
  });
  for (const f of content.finance) sheets.push(cashFlowSheet(f, cashFlowOf.get(f.index) as string));
  return sheets;
}

function formula(value: string, cached: number, format: string, bold = false): XlsxCell {
  return {
    value,
    type: 'Formula',
    cached,
    format,
    ...(bold ? { fontWeight: 'bold' as const } : {}),
  };
}

/** Cash-flow sheet columns, in order (letter, header, format kind). */
const CF_COLUMNS = [
  ['A', 'Year'],
  ['B', 'In service'],
  ['C', 'IT capex'],
  ['D', 'Facility capex'],
  ['E', 'Energy'],
  ['F', 'Colocation'],
  ['G', 'Facility running'],
  ['H', 'Maintenance'],
  ['I', 'Staff'],
  ['J', 'Software'],
  ['K', 'Opex total'],
  ['L', 'Resale'],
  ['M', 'Net cash flow'],
  ['N', 'Discount factor'],
  ['O', 'Present value'],
  ['P', 'Book depreciation'],
  ['Q', 'Book value'],
  ['R', 'Economic depreciation'],
  ['S', 'Economic value'],
  ['T', 'Used GPU-h'],
  ['U', 'Effective GPU-h'],
  ['V', 'Cloud rent, same effective GPU-h'],
  ['W', 'Owning − renting'],
  ['X', 'Lost GPU-h, money'],
] as const;

/** First row of the yearly table (1-based), below the terms and the header. */
const CF_FIRST_ROW = 15;

/**
 * One build's cash-flow sheet: the terms at the top (a reviewer may change the discount rate,
 * timing, cloud price, uplift or goodputs), one row per year, totals, NPV and IRR as live Excel
 * formulas over the yearly rows, each with the engine's figure as its cached value.
 */
export function cashFlowSheet(f: BuildFinance, name: string): XlsxSheet {
  const s = f.schedule;
  const cur = f.currency;
  const money = `#,##0 "${cur}"`;
  const rows: XlsxCell[][] = [];
  const mid = f.npvConvention === 'mid-year' ? 0.5 : 0;
  const price = f.cloudPerGpuHour ?? 0;
  rows.push([text(`Cash flow — ${f.name}`, true)]);
  rows.push([text('Currency'), text(cur)]);
  rows.push([text('Discount rate per year'), num(f.discountRate, '0.0%')]);
  rows.push([text('Discounting'), text(f.npvConvention)]);
  rows.push([text('Timing offset (years; 0.5 = mid-year)'), num(mid, '0.0')]);
  rows.push([
    text(`Cloud price per GPU-hour (${cur})`),
    num(price, '#,##0.00'),
    ...(f.cloudPerGpuHour === null ? [text('no cloud price known: cloud columns are 0')] : []),
  ]);
  rows.push([text('Cloud support uplift'), num(s.cloudSupportUpliftFraction, '0.0%')]);
  rows.push([text('Owned goodput'), num(s.goodput, '0.0%')]);
  rows.push([text('Cloud goodput'), num(s.cloudGoodput, '0.0%')]);
  rows.push([text('Book life (years)'), num(f.bookLifeYears, '0.0')]);
  rows.push([text('Economic life (years)'), num(f.economicLifeYears, '0.0')]);
  rows.push([text('Deployment (equal yearly tranches)'), num(s.deploymentPhases, '0')]);
  rows.push([]);
  rows.push(
    header(
      CF_COLUMNS.map(([, h]) =>
        h === 'Year' || h.includes('GPU-h') || h.startsWith('In ') || h.startsWith('Discount')
          ? h
          : `${h} (${cur})`,
      ),
    ),
  );
  const first = CF_FIRST_ROW;
  const last = first + s.years.length - 1;
  const sum = { c: 0, d: 0, k: 0, l: 0, m: 0, o: 0, p: 0, r: 0, t: 0, u: 0, v: 0, w: 0, x: 0 };
  s.years.forEach((y, i) => {
    const r = first + i;
    const o = y.opex;
    sum.c += y.capexItUsd;
    sum.d += y.capexFacilityUsd;
    sum.k += o.totalUsd;
    sum.l += y.residualUsd;
    sum.m += y.cashFlowUsd;
    sum.o += y.presentValueUsd;
    sum.p += y.bookDepreciationUsd;
    sum.r += y.economicDepreciationUsd;
    sum.t += y.usedGpuHours;
    sum.u += y.effectiveGpuHours;
    sum.v += y.cloudRentUsd;
    sum.w += y.ownVsCloudUsd;
    sum.x += y.lostValueUsd.total;
    rows.push([
      num(y.year, '0'),
      num(y.deployedFraction, '0%'),
      num(y.capexItUsd, money),
      num(y.capexFacilityUsd, money),
      num(o.energyUsd, money),
      num(o.colocationUsd, money),
      num(o.facilityUsd, money),
      num(o.maintenanceUsd, money),
      num(o.staffUsd, money),
      num(o.softwareUsd, money),
      formula(`SUM(E${r}:J${r})`, o.totalUsd, money),
      num(y.residualUsd, money),
      formula(`L${r}-C${r}-D${r}-K${r}`, y.cashFlowUsd, money),
      formula(`IF(A${r}=0,1,1/(1+$B$3)^(A${r}-$B$5))`, y.discountFactor, '0.0000'),
      formula(`M${r}*N${r}`, y.presentValueUsd, money),
      num(y.bookDepreciationUsd, money),
      num(y.bookValueUsd, money),
      num(y.economicDepreciationUsd, money),
      num(y.economicValueUsd, money),
      num(y.usedGpuHours, '#,##0'),
      formula(`T${r}*$B$8`, y.effectiveGpuHours, '#,##0'),
      formula(`U${r}/$B$9*$B$6*(1+$B$7)`, y.cloudRentUsd, money),
      formula(`M${r}+V${r}`, y.ownVsCloudUsd, money),
      num(y.lostValueUsd.total, money),
    ]);
  });
  const tr = last + 1;
  const total = (col: string, v: number, fmt = money): XlsxCell =>
    formula(`SUM(${col}${first}:${col}${last})`, v, fmt, true);
  rows.push([
    text('Total', true),
    null,
    total('C', sum.c),
    total('D', sum.d),
    null,
    null,
    null,
    null,
    null,
    null,
    total('K', sum.k),
    total('L', sum.l),
    total('M', sum.m),
    null,
    total('O', sum.o),
    total('P', sum.p),
    null,
    total('R', sum.r),
    null,
    total('T', sum.t, '#,##0'),
    total('U', sum.u, '#,##0'),
    total('V', sum.v),
    total('W', sum.w),
    total('X', sum.x),
  ]);
  rows.push([]);
  const npvOf = (col: string): string =>
    `${col}${first}+NPV($B$3,${col}${first + 1}:${col}${last})*(1+$B$3)^$B$5`;
  rows.push([
    text('NPV of ownership (Σ present values)', true),
    formula(`O${tr}`, f.npvUsd, money, true),
  ]);
  rows.push([text('NPV of ownership (Excel NPV)'), formula(npvOf('M'), f.npvUsd, money)]);
  rows.push([text('TCO (undiscounted net cost)'), formula(`-M${tr}`, f.tcoUsd, money)]);
  rows.push([
    text(`Cost per effective GPU-hour (${cur})`),
    formula(`-M${tr}/U${tr}`, s.costPerEffectiveGpuHourUsd, '#,##0.00'),
  ]);
  if (s.ownVsCloudNpvUsd !== null) {
    rows.push([
      text('NPV of owning − renting', true),
      formula(npvOf('W'), s.ownVsCloudNpvUsd, money, true),
    ]);
    rows.push([
      text('IRR of owning − renting'),
      s.ownVsCloudIrr === null
        ? text('none: the flows do not change sign')
        : formula(`IRR(W${first}:W${last})`, s.ownVsCloudIrr, '0.0%'),
    ]);
    rows.push([
      text('Payback vs cloud (months; simple, resale left out; engine figure)'),
      s.paybackMonths === null ? text('never') : num(s.paybackMonths, '0.0'),
    ]);
  } else {
    rows.push([text('Owning vs renting'), text('no cloud price known for this accelerator')]);
  }
  rows.push([text('Book value at the horizon'), num(s.bookValueAtHorizonUsd, money)]);
  rows.push([text('Economic value at the horizon'), num(s.economicValueAtHorizonUsd, money)]);
  rows.push([
    text('Gain (loss) on disposal: resale − book value'),
    formula(`L${last}-Q${last}`, s.disposalGainUsd, money),
  ]);
  const l = s.lostValueTotalUsd;
  rows.push([text('Lost GPU-hours over the horizon, money: data stalls'), num(l.dataStall, money)]);
  rows.push([text('… checkpoints'), num(l.checkpoint, money)]);
  rows.push([text('… failures and restarts'), num(l.failures, money)]);
  rows.push([text('… exposed communication'), num(l.exposedCommunication, money)]);
  rows.push([]);
  rows.push([text('Method', true)]);
  for (const m of s.methods) rows.push([text(m)]);
  return {
    sheet: name,
    data: rows,
    columns: [{ width: 44 }, ...CF_COLUMNS.slice(1).map(() => ({ width: 16 }))],
    stickyRowsCount: 0,
  };
}

/**
 * Turns sheets into XLSX bytes: write-excel-file's universal entry, passed in by the caller (the
 * renderer and the CLI load it on first use), so that this module stays pure.
 */
export type XlsxWriter = (
  sheets: readonly XlsxSheet[],
  properties: XlsxProperties | null,
) => Promise<Uint8Array<ArrayBuffer>>;

/** The workbook's properties: title, date, application and catalog version. */
export function reportProperties(content: ReportContent): XlsxProperties {
  const c = content.cover;
  const app = `ClusterPlan ${c.appVersion}`;
  return {
    title: c.title,
    subject: c.scenarioNames.join(' · '),
    creator: app,
    keywords: `ClusterPlan; TCO; capacity planning; catalog ${c.catalogVersion}`,
    description: `${app}; catalog ${c.catalogVersion}; report date ${c.date}; baseline ${c.baselineName}`,
    created: c.date,
    application: app,
  };
}

/** The workbook as XLSX bytes, written by `write`. */
export async function reportWorkbook(
  content: ReportContent,
  write: XlsxWriter,
): Promise<Uint8Array<ArrayBuffer>> {
  return write(reportSheets(content), reportProperties(content));
}
