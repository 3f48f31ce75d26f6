import { xlsxFeature } from '../../../model/report';
import type { XlsxProperties, XlsxSheet } from '../../../model/report';

/**
 * The renderer's XLSX writer (model/report `XlsxWriter`): write-excel-file's universal entry, loaded on
 * first use. The CLI has its own (cli/report/xlsxWriter.ts): the CLI may not
 * import the renderer, and model/ may import no package but zod.
 */
export async function writeXlsx(
  sheets: readonly XlsxSheet[],
  properties: XlsxProperties | null = null,
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const blob = await writeXlsxFile(
    sheets.map((s) => ({
      sheet: s.sheet,
      data: s.data.map((r) =>
        r.map((c) => {
          if (c === null) return null;
          if (c.type !== 'Formula') return { ...c };
          // The cached value is written by the feature, not as a cell property.
          const { cached: _cached, ...cell } = c;
          return cell;
        }),
      ),
      columns: s.columns.map((c) => ({ ...c })),
      ...(s.stickyRowsCount ? { stickyRowsCount: s.stickyRowsCount } : {}),
    })),
    { features: [xlsxFeature(sheets, properties)] },
  ).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}
