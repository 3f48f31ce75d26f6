import { xlsxBytes } from '../../model/report';
import type { XlsxProperties, XlsxSheet } from '../../model/report';

/**
 * The CLI's XLSX writer (model/report `XlsxWriter`): model/report `xlsxBytes` with
 * write-excel-file's universal entry, loaded on first use. The desktop shell's main process
 * passes the same package to `xlsxBytes` (electron/xlsx.ts); the renderer writes no XLSX itself
 * (the shell does: main in the desktop app, this writer behind the browser mode's server).
 */
export async function writeXlsx(
  sheets: readonly XlsxSheet[],
  properties: XlsxProperties | null = null,
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  return xlsxBytes(writeXlsxFile, sheets, properties);
}
