/**
 * Write a report workbook sent as data: the app's Export XLSX in browser mode. The page posts
 * `{ sheets, properties }` (model/report `reportSheets`, `reportProperties`) to its local server
 * (cli/npm/serve.mjs, `POST /api/report-xlsx`), which runs this file with the JSON on stdin; the
 * workbook is checked with model/report `xlsxWorkbookSchema` (the schema the desktop shell's
 * main process checks it with) and written by the CLI's writer (`writeXlsx`, model/report
 * `xlsxBytes`); the XLSX bytes go to stdout.
 *
 * Exit codes: 0 written, 2 the workbook is not valid (message on stderr), 1 writing failed.
 */
import { pathToFileURL } from 'node:url';
import { xlsxWorkbookSchema } from '../../model/report/xlsxSchema';
import { writeXlsx } from './xlsxWriter';

/** A workbook that is not valid JSON or does not match the schema. */
export class InvalidWorkbookError extends Error {}

/**
 * The XLSX bytes of a workbook given as JSON text.
 * @throws InvalidWorkbookError naming the first field that does not parse
 */
export async function workbookFromJson(text: string): Promise<Uint8Array<ArrayBuffer>> {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new InvalidWorkbookError('the workbook is not valid JSON');
  }
  const parsed = xlsxWorkbookSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new InvalidWorkbookError(`workbook: ${where}${issue?.message ?? 'invalid'}`);
  }
  return writeXlsx(parsed.data.sheets, parsed.data.properties);
}

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  try {
    const bytes = await workbookFromJson(Buffer.concat(chunks).toString('utf8'));
    process.stdout.write(bytes);
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = e instanceof InvalidWorkbookError ? 2 : 1;
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) void main();
