import type { XlsxSheet } from '../../../model/report';

/**
 * The renderer's XLSX writer (model/report `XlsxWriter`): write-excel-file's universal entry, loaded on
 * first use. The CLI has its own (cli/report/xlsxWriter.ts): the CLI may not
 * import the renderer, and model/ may import no package but zod.
 */
export async function writeXlsx(sheets: readonly XlsxSheet[]): Promise<Uint8Array<ArrayBuffer>> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const blob = await writeXlsxFile(
    sheets.map((s) => ({
      sheet: s.sheet,
      data: s.data.map((r) => r.map((c) => (c === null ? null : { ...c }))),
      columns: s.columns.map((c) => ({ ...c })),
      ...(s.stickyRowsCount ? { stickyRowsCount: s.stickyRowsCount } : {}),
    })),
  ).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}
