/**
 * Spreadsheet-safe text: formula-injection neutralisation and CSV encoding (RFC 4180).
 *
 * A spreadsheet treats a text cell that starts with `=`, `+`, `-` or `@` as a formula, and a
 * leading tab or carriage return can hide one (OWASP "CSV Injection",
 * https://owasp.org/www-community/attacks/CSV_Injection). Such text is prefixed with a single
 * quote, which spreadsheets display as plain text. Numbers are never touched: a negative number
 * stays a number (it is written from a JS number, not from user text).
 */

/** Characters that make a spreadsheet read a text cell as a formula (OWASP list). */
export const DANGEROUS_LEADING_CHARS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/** True when text would be read as a formula by a spreadsheet. */
export function isDangerousText(text: string): boolean {
  return text.length > 0 && DANGEROUS_LEADING_CHARS.includes(text.charAt(0));
}

/**
 * Neutralise one text cell: prefix `'` when it starts with a dangerous character, else return
 * it unchanged. Numbers pass through unchanged.
 */
export function neutraliseCell(value: string): string;
export function neutraliseCell(value: number): number;
export function neutraliseCell(value: string | number): string | number;
export function neutraliseCell(value: string | number): string | number {
  if (typeof value === 'number') return value;
  return isDangerousText(value) ? `'${value}` : value;
}

/** A CSV cell: text (neutralised), a finite number, or empty (null). */
export type CsvCell = string | number | null;

function encodeCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new Error(`CSV cell is ${String(cell)} (not finite)`);
    // Plain decimal digits (no locale grouping), full precision: a spreadsheet reads it back.
    return String(cell);
  }
  const text = neutraliseCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Encode rows as CSV (comma, CRLF line ends, quotes where needed), text cells neutralised. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((r) => r.map(encodeCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The UTF-8 byte-order mark. A CSV file starts with it so that Excel reads the file as UTF-8
 * (without it Excel assumes the system code page and garbles m², m³, €, ×, em dashes).
 */
export const UTF8_BOM = '\uFEFF';

/** A CSV file's text: the byte-order mark, then `toCsv(rows)`. */
export function csvFile(rows: readonly (readonly CsvCell[])[]): string {
  return UTF8_BOM + toCsv(rows);
}
