/**
 * The `report` command of cli/main.ts (argument checks synchronous, the writing asynchronous).
 * See report.ts for the outputs and pdf.ts for the headless-Chromium PDF.
 */
import { readFileSync } from 'node:fs';
import { readScenarioFileAt, type CliIo, type ParsedArgs } from '../main';
import {
  docsOfDocuments,
  REPORT_USAGE,
  reportOutputs,
  reportScenarios,
  todayIso,
  writeReport,
  type LoadedDoc,
} from './report';

export { REPORT_USAGE } from './report';
export { launchPdfRenderer, defaultRendererDir, type PdfRenderer, type PdfRequest } from './pdf';

/** The app version (package.json), printed on the report's cover. */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

function usageError(io: CliIo, message: string): number {
  io.stderr(`${message}\nusage: ${REPORT_USAGE}\n`);
  return 2;
}

/**
 * `report FILE.json... --pdf OUT.pdf [--xlsx OUT.xlsx] [--csv OUT.csv] [--paper a4|letter]`.
 * Exit codes: 0 written, 1 a file or scenario is bad or the PDF failed, 2 usage error.
 */
export function runReport(args: ParsedArgs, io: CliIo): number | Promise<number> {
  if (args.unknownOptions.length || args.json) {
    const unknown = [...args.unknownOptions, ...(args.json ? ['--json'] : [])];
    return usageError(io, `unknown option ${unknown.join(', ')}`);
  }
  if (args.files.length === 0) return usageError(io, 'no file given');
  const outputs = reportOutputs(args.values ?? {});
  if (typeof outputs === 'string') return usageError(io, outputs);
  const writeFile = io.writeFile;
  if (!writeFile) {
    io.stderr('report: this environment cannot write files\n');
    return 1;
  }
  const docs: LoadedDoc[] = [];
  let scenarios;
  try {
    for (const path of args.files) {
      // The app's own reader checks the file; the documents as written go to the report.
      const { documents } = readScenarioFileAt(path, io);
      docs.push(...docsOfDocuments(documents, path));
    }
    scenarios = reportScenarios(docs);
  } catch (e) {
    io.stderr(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  return writeReport(scenarios, outputs, {
    date: todayIso(),
    appVersion: appVersion(),
    writeFile,
  }).then(
    (written) => {
      io.stdout(`${written.map((w) => `wrote ${w}`).join('\n')}\n`);
      return 0;
    },
    (e: unknown) => {
      io.stderr(`report: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    },
  );
}
