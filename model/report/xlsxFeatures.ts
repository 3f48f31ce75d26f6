import type { XlsxProperties, XlsxSheet } from './xlsx';

/**
 * What write-excel-file does not write itself, as one of its "features" (plain objects that add
 * or transform the files inside the .xlsx; https://gitlab.com/catamphetamine/write-excel-file,
 * section Features): the workbook properties (docProps/core.xml and docProps/app.xml, with their
 * content types and package relationships) and the cached value of every formula cell (`<v>`
 * after its `<f>`), so a reader that does not recalculate sees the engine's figures. Pure:
 * `xlsxBytes` passes it to write-excel-file.
 */

/** The part of write-excel-file's `Feature` interface used here. */
export type XlsxFeature = {
  readonly files: {
    readonly transform: Readonly<
      Record<
        string,
        {
          readonly insert?: () => string;
          readonly transform?: (
            xml: string,
            sheetOptions: unknown,
            where: { readonly sheetIndex: number },
          ) => string;
        }
      >
    >;
    readonly write: { readonly files: () => Readonly<Record<string, string>> };
  };
};

/** True for a character XML 1.0 forbids: a control character below U+0020 but tab, LF and CR. */
function forbiddenInXml(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d;
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .split('')
    .filter((ch) => !forbiddenInXml(ch))
    .join('');
}

/** A W3CDTF date-time for docProps, or null when `date` is not an ISO date. */
function w3cdtf(date: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return `${date}T00:00:00Z`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(date)) return date;
  return null;
}

/** docProps/core.xml of the properties. */
export function coreXml(p: XlsxProperties): string {
  const created = w3cdtf(p.created);
  const stamp = created
    ? `<dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${created}</dcterms:modified>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${escapeXml(p.title)}</dc:title>` +
    `<dc:subject>${escapeXml(p.subject)}</dc:subject>` +
    `<dc:creator>${escapeXml(p.creator)}</dc:creator>` +
    `<cp:keywords>${escapeXml(p.keywords)}</cp:keywords>` +
    `<dc:description>${escapeXml(p.description)}</dc:description>` +
    `<cp:lastModifiedBy>${escapeXml(p.creator)}</cp:lastModifiedBy>` +
    stamp +
    '</cp:coreProperties>'
  );
}

/** docProps/app.xml: the application that wrote the file. */
export function appXml(p: XlsxProperties): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
    `<Application>${escapeXml(p.application)}</Application>` +
    '</Properties>'
  );
}

/** The cached values of a sheet's formula cells, in row-major order (the order of `<f>` in its XML). */
export function cachedFormulaValues(sheet: XlsxSheet): number[] {
  const out: number[] = [];
  for (const row of sheet.data)
    for (const c of row) if (c !== null && c.type === 'Formula') out.push(c.cached);
  return out;
}

/**
 * Put each formula's cached value after it: the k-th `<f>…</f>` of the sheet gets the k-th
 * value. Throws when the counts differ (the XML is not what this module wrote).
 */
export function withCachedValues(xml: string, values: readonly number[]): string {
  let k = 0;
  const out = xml.replace(/<f>([^<]*)<\/f>(?!<v>)/g, (whole) => {
    const v = values[k++];
    if (v === undefined || !Number.isFinite(v)) return whole;
    return `${whole}<v>${String(v)}</v>`;
  });
  if (k !== values.length)
    throw new Error(`XLSX: ${String(values.length)} formulas written, ${String(k)} found`);
  return out;
}

/** write-excel-file's cell types, by the names the sheets carry (`XlsxCell`'s `type`). */
const CELL_TYPES = { String, Number, Boolean } as const;

/**
 * The sheets as write-excel-file takes them: plain cell objects with the type's constructor,
 * formula cells without their cached value (the feature writes it into the sheet XML instead).
 */
export function writeExcelFileSheets(sheets: readonly XlsxSheet[]) {
  return sheets.map((s) => ({
    sheet: s.sheet,
    data: s.data.map((r) =>
      r.map((c) => {
        if (c === null) return null;
        // Only the keys a cell has (a style left out is absent, never undefined).
        const style = {
          ...(c.format !== undefined ? { format: c.format } : {}),
          ...(c.fontWeight !== undefined ? { fontWeight: c.fontWeight } : {}),
        };
        if (c.type === 'Formula') return { value: c.value, type: c.type, ...style };
        return { value: c.value, type: CELL_TYPES[c.type], ...style };
      }),
    ),
    columns: s.columns.map((c) => ({ ...c })),
    ...(s.stickyRowsCount ? { stickyRowsCount: s.stickyRowsCount } : {}),
  }));
}

/**
 * write-excel-file's default export, as the writers call it (several sheets, with features).
 * Passed in: model/ imports no package but zod.
 */
export type WriteExcelFile = (
  sheets: ReturnType<typeof writeExcelFileSheets>,
  options: { features: XlsxFeature[] },
) => { toBlob(): Promise<{ arrayBuffer(): Promise<ArrayBuffer> }> };

/**
 * The workbook's bytes: `sheets` mapped for write-excel-file, with the properties and cached
 * formula values (`xlsxFeature`). The one XLSX writer; the CLI (and the browser mode's server
 * through it) and the desktop shell's main process each only pass the package in.
 */
export async function xlsxBytes(
  writeXlsxFile: WriteExcelFile,
  sheets: readonly XlsxSheet[],
  properties: XlsxProperties | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const blob = await writeXlsxFile(writeExcelFileSheets(sheets), {
    features: [xlsxFeature(sheets, properties)],
  }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}

/** The feature for a workbook of `sheets` with `properties`. */
export function xlsxFeature(
  sheets: readonly XlsxSheet[],
  properties: XlsxProperties | null,
): XlsxFeature {
  const cached = sheets.map(cachedFormulaValues);
  const transform: Record<string, NonNullable<XlsxFeature['files']['transform'][string]>> = {
    'xl/worksheets/sheet{id}.xml': {
      transform: (xml, _options, where) => {
        const values = cached[where.sheetIndex] ?? [];
        return values.length === 0 ? xml : withCachedValues(xml, values);
      },
    },
  };
  if (properties) {
    transform['[Content_Types].xml'] = {
      insert: () =>
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>',
    };
    transform['_rels/.rels'] = {
      insert: () =>
        '<Relationship Id="rId-clusterplan-core" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '<Relationship Id="rId-clusterplan-app" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>',
    };
  }
  return {
    files: {
      transform,
      write: {
        files: () =>
          properties
            ? { 'docProps/core.xml': coreXml(properties), 'docProps/app.xml': appXml(properties) }
            : {},
      },
    },
  };
}
