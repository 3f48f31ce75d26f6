import { writeExcelFileSheets, xlsxFeature } from '../../model/report';
import type { XlsxProperties, XlsxSheet } from '../../model/report';

/**
 * The CLI's XLSX writer (model/report `XlsxWriter`): write-excel-file's universal entry, loaded on
 * first use (the sheets mapped by model/report `writeExcelFileSheets`). The renderer has its own (renderer/features/report/xlsxWriter.ts): the CLI may not
 * import the renderer, and model/ may import no package but zod.
 */
export async function writeXlsx(
  sheets: readonly XlsxSheet[],
  properties: XlsxProperties | null = null,
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const blob = await writeXlsxFile(writeExcelFileSheets(sheets), {
    features: [xlsxFeature(sheets, properties)],
  }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}
