import writeXlsxFile from 'write-excel-file/universal';
import { xlsxBytes, type XlsxWorkbook } from '../model/report';

/**
 * The desktop shell's XLSX writer: model/report `xlsxBytes` (the one writer, which the CLI uses
 * too) with write-excel-file, bundled into main. The renderer sends the workbook as data
 * (`saveXlsxFile`), so the package stays out of its bundle.
 */
export function workbookBytes(workbook: XlsxWorkbook): Promise<Uint8Array<ArrayBuffer>> {
  return xlsxBytes(writeXlsxFile, workbook.sheets, workbook.properties);
}
