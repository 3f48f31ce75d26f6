import { z } from 'zod';
import type { XlsxProperties, XlsxSheet } from './xlsx';

/**
 * A workbook as plain data (`reportSheets` and `reportProperties`), checked where it arrives to
 * be written: the desktop shell's main process (IPC `saveXlsxFile`, electron/contract.ts) and
 * the CLI's writer behind the browser mode's server (cli/report/workbook.ts). Limits are Excel's
 * own (Microsoft, "Excel specifications and limits",
 * https://support.microsoft.com/en-us/office/excel-specifications-and-limits-1672b34d-7043-467e-8e27-269d656771c3):
 * 32,767 characters in a cell, 8,192 in a formula, 1,048,576 rows by 16,384 columns, a column
 * 255 characters wide, a sheet name of 31 characters.
 */

/** Excel's limits (see above). */
export const XLSX_LIMITS = {
  cellChars: 32_767,
  formulaChars: 8_192,
  rows: 1_048_576,
  columns: 16_384,
  columnWidthChars: 255,
  sheetNameChars: 31,
} as const;

/**
 * Most sheets in a report workbook: its four fixed sheets (Summary, Comparison, Assumptions,
 * Catalog values) plus a sheet and a cash-flow sheet per build, for the 50 builds a report
 * request may hold (electron/contract.ts, `printView.report.scenarios`).
 */
export const MAX_XLSX_SHEETS = 4 + 2 * 50;

/** Longest workbook property (title, subject, description …), characters. */
const MAX_PROPERTY_CHARS = 4_096;

const style = {
  format: z.string().max(255).optional(),
  fontWeight: z.literal('bold').optional(),
};

/**
 * A formula's cached value: a number, where JSON (the browser's request) turns NaN and ±Infinity
 * into null: null reads as NaN, which the writer leaves out as a non-finite value would be.
 */
const cachedSchema = z
  .custom<number | null>((v) => v === null || typeof v === 'number', 'cached must be a number')
  .transform((v) => v ?? Number.NaN);

const cellSchema = z.union([
  z.null(),
  z
    .object({ type: z.literal('String'), value: z.string().max(XLSX_LIMITS.cellChars), ...style })
    .strict(),
  z.object({ type: z.literal('Number'), value: z.number(), ...style }).strict(),
  z.object({ type: z.literal('Boolean'), value: z.boolean(), ...style }).strict(),
  z
    .object({
      type: z.literal('Formula'),
      value: z.string().min(1).max(XLSX_LIMITS.formulaChars),
      cached: cachedSchema,
      ...style,
    })
    .strict(),
]);

const sheetSchema = z
  .object({
    sheet: z.string().min(1).max(XLSX_LIMITS.sheetNameChars),
    data: z.array(z.array(cellSchema).max(XLSX_LIMITS.columns)).max(XLSX_LIMITS.rows),
    columns: z
      .array(z.object({ width: z.number().min(0).max(XLSX_LIMITS.columnWidthChars) }).strict())
      .max(XLSX_LIMITS.columns),
    stickyRowsCount: z.number().int().min(0).max(XLSX_LIMITS.rows),
  })
  .strict();

const propertiesSchema = z
  .object({
    title: z.string().max(MAX_PROPERTY_CHARS),
    subject: z.string().max(MAX_PROPERTY_CHARS),
    creator: z.string().max(MAX_PROPERTY_CHARS),
    keywords: z.string().max(MAX_PROPERTY_CHARS),
    description: z.string().max(MAX_PROPERTY_CHARS),
    created: z.string().max(40),
    application: z.string().max(MAX_PROPERTY_CHARS),
  })
  .strict();

/** A workbook to write: its sheets (unique names, case-insensitive, as Excel requires) and properties. */
export type XlsxWorkbook = {
  readonly sheets: readonly XlsxSheet[];
  readonly properties: XlsxProperties;
};

export const xlsxWorkbookSchema: z.ZodType<XlsxWorkbook> = z
  .object({
    sheets: z
      .array(sheetSchema)
      .min(1)
      .max(MAX_XLSX_SHEETS)
      .refine(
        (sheets) => new Set(sheets.map((s) => s.sheet.toLowerCase())).size === sheets.length,
        'sheet names must be unique (case-insensitive)',
      ),
    properties: propertiesSchema,
  })
  .strict();
