/**
 * ClusterPlan command line: `npm run cli -- <command> [args]`.
 *
 *   evaluate FILE.json... [--json]   evaluate scenario files (the app's own format)
 *   validate [FILE...] [--json]      run clusterplan-validation/1 case files through the engine
 *                                    (no FILE: the sets bundled in model/validation/bundled/)
 *
 * Commands live in one table (`commands`); later issues add `report` and `search` there.
 * Everything but `main()` is a pure-ish function of (argv, io) so tests call it directly.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { evaluateMany } from '../model/evaluate';
import type { EvaluationResult } from '../model/evaluate';
import { MAX_SCENARIO_FILE_BYTES, readScenarioFile, sizeText } from '../model/files';
import type { Scenario } from '../model/scenario';
import { runValidation } from '../model/validation';
import { bundledValidationFiles } from '../model/validation/bundled';
import {
  formatEvaluateJson,
  formatEvaluateText,
  formatValidateJson,
  formatValidateText,
} from './format';
import { REPORT_USAGE, runReport } from './report/index';
import { runSearchCommand, SEARCH_USAGE } from './search/command';

/** Where a command reads files and writes output (real files and streams in `main`). */
export type CliIo = {
  readonly readFile: (path: string) => string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Write an output file (commands that write files: `report`). */
  readonly writeFile?: (path: string, data: string | Uint8Array) => void;
};

export type ParsedArgs = {
  readonly command: string | null;
  readonly files: readonly string[];
  readonly json: boolean;
  readonly help: boolean;
  /** Options this parser does not know (reported as an error by the command). */
  readonly unknownOptions: readonly string[];
  /** Options with a value (`--pdf out.pdf` or `--pdf=out.pdf`), by name without dashes. */
  readonly values?: Readonly<Record<string, string>>;
};

/** Options that take a value (the `report` command's outputs and paper size). */
export const VALUE_OPTIONS: readonly string[] = [
  'pdf',
  'xlsx',
  'csv',
  'paper',
  'objective',
  'baseline',
];

/** Split argv (without `node script`) into command, files and flags. `--` ends options. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let command: string | null = null;
  const files: string[] = [];
  const unknownOptions: string[] = [];
  let json = false;
  let help = false;
  let optionsDone = false;
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const valueName = /^--([a-z]+)(=.*)?$/.exec(arg);
    if (!optionsDone && valueName && VALUE_OPTIONS.includes(valueName[1] as string)) {
      const name = valueName[1] as string;
      const value = valueName[2] !== undefined ? valueName[2].slice(1) : argv[i + 1];
      if (valueName[2] === undefined) i++;
      if (value === undefined || value === '') unknownOptions.push(`${arg} (needs a value)`);
      else values[name] = value;
    } else if (!optionsDone && arg === '--') {
      optionsDone = true;
    } else if (!optionsDone && arg === '--json') {
      json = true;
    } else if (!optionsDone && (arg === '--help' || arg === '-h')) {
      help = true;
    } else if (!optionsDone && arg.startsWith('-') && arg !== '-') {
      unknownOptions.push(arg);
    } else if (command === null) {
      command = arg;
    } else {
      files.push(arg);
    }
  }
  return {
    command,
    files,
    json,
    help,
    unknownOptions,
    ...(Object.keys(values).length > 0 ? { values } : {}),
  };
}

export type CliCommand = {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  /** false: reserved for a later issue; running it says so. */
  readonly available: boolean;
  /** Exit code; a Promise for commands that do I/O asynchronously (`report`). */
  readonly run: (args: ParsedArgs, io: CliIo) => number | Promise<number>;
};

/** A file's text; throws `PATH: cannot read file (why)`. */
export function readText(path: string, io: CliIo): string {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new Error(`${path}: cannot read file (${e instanceof Error ? e.message : String(e)})`);
  }
}

function readJson(path: string, io: CliIo): unknown {
  const text = readText(path, io);
  try {
    // A UTF-8 byte-order mark is not content (the app's reader skips it too).
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch (e) {
    throw new Error(`${path}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

/**
 * The scenarios of one scenario file, read by the app's own reader (model/files
 * `readScenarioFile`: size, nesting and key checks, `format`, `baseline`, the scenario limit,
 * migration and validation); throws `PATH: why`.
 */
export function readScenarioFileAt(
  path: string,
  io: CliIo,
): { readonly scenarios: readonly Scenario[]; readonly documents: readonly unknown[] } {
  const r = readScenarioFile(readText(path, io));
  if (r.ok) return r.contents;
  if (r.issues === undefined) throw new Error(`${path}: ${r.error}`);
  const lines = r.issues.map((i) => `  ${i.path}: ${i.message}`);
  throw new Error(`${path}: invalid scenario\n${lines.join('\n')}`);
}

function fail(io: CliIo, message: string, code = 1): number {
  io.stderr(`${message}\n`);
  return code;
}

function checkArgs(
  args: ParsedArgs,
  io: CliIo,
  usage: string,
  options: { readonly filesOptional?: boolean } = {},
): number | null {
  const unknown = [...args.unknownOptions, ...Object.keys(args.values ?? {}).map((k) => `--${k}`)];
  if (unknown.length) {
    return fail(io, `unknown option ${unknown.join(', ')}\nusage: ${usage}`, 2);
  }
  if (args.files.length === 0 && options.filesOptional !== true) {
    return fail(io, `no file given\nusage: ${usage}`, 2);
  }
  return null;
}

/** `evaluate FILE.json... [--json]`: every metric of every scenario in the files. */
export function runEvaluate(args: ParsedArgs, io: CliIo): number {
  const bad = checkArgs(args, io, EVALUATE_USAGE);
  if (bad !== null) return bad;
  const scenarios: Scenario[] = [];
  for (const path of args.files) {
    try {
      scenarios.push(...readScenarioFileAt(path, io).scenarios);
    } catch (e) {
      return fail(io, e instanceof Error ? e.message : String(e));
    }
  }
  let results: EvaluationResult[];
  try {
    results = evaluateMany(scenarios);
  } catch (e) {
    return fail(io, `evaluation failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  io.stdout(`${args.json ? formatEvaluateJson(results) : formatEvaluateText(results)}\n`);
  return 0;
}

/**
 * `validate [FILE...] [--json]`: per case prediction vs observation, then the summary. Without
 * files: the validation sets bundled with the app (model/validation/bundled/).
 */
export function runValidate(args: ParsedArgs, io: CliIo): number {
  const bad = checkArgs(args, io, VALIDATE_USAGE, { filesOptional: true });
  if (bad !== null) return bad;
  const files: unknown[] = args.files.length === 0 ? bundledValidationFiles.map((f) => f.data) : [];
  for (const path of args.files) {
    try {
      files.push(readJson(path, io));
    } catch (e) {
      return fail(io, e instanceof Error ? e.message : String(e));
    }
  }
  let report;
  try {
    report = runValidation(files);
  } catch (e) {
    return fail(io, e instanceof Error ? e.message : String(e));
  }
  io.stdout(`${args.json ? formatValidateJson(report) : formatValidateText(report)}\n`);
  return 0;
}

const EVALUATE_USAGE = 'evaluate FILE.json... [--json]';
const VALIDATE_USAGE = 'validate [FILE...] [--json]';

/** The subcommand table. */
export const commands: readonly CliCommand[] = [
  {
    name: 'evaluate',
    usage: EVALUATE_USAGE,
    summary: 'evaluate scenario files and print every metric with its unit',
    available: true,
    run: runEvaluate,
  },
  {
    name: 'validate',
    usage: VALIDATE_USAGE,
    summary:
      'run clusterplan-validation/1 case files (default: the bundled sets) and report the error per case',
    available: true,
    run: runValidate,
  },
  {
    name: 'report',
    usage: REPORT_USAGE,
    summary: 'write the comparison report as PDF (headless Chromium), XLSX and/or CSV',
    available: true,
    run: runReport,
  },
  {
    name: 'search',
    usage: SEARCH_USAGE,
    summary: 'design search: the best builds, Pareto front and binding constraints (all cores)',
    available: true,
    run: runSearchCommand,
  },
];

export function helpText(): string {
  const width = Math.max(...commands.map((c) => c.usage.length));
  const lines = commands.map(
    (c) => `  ${c.usage.padEnd(width)}  ${c.summary}${c.available ? '' : ' [not yet]'}`,
  );
  return ['usage: npm run cli -- <command> [args]', '', 'commands:', ...lines].join('\n');
}

/**
 * Run the CLI. Returns the exit code: 0 success, 1 error (bad file, invalid scenario, engine
 * error), 2 usage error. Errors go to `io.stderr`.
 */
export function runCli(argv: readonly string[], io: CliIo): number | Promise<number> {
  const args = parseArgs(argv);
  if (args.command === null || args.command === 'help') {
    if (args.help || args.command === 'help') {
      io.stdout(`${helpText()}\n`);
      return 0;
    }
    return fail(io, helpText(), 2);
  }
  const cmd = commands.find((c) => c.name === args.command);
  if (!cmd) return fail(io, `unknown command "${args.command}"\n${helpText()}`, 2);
  if (args.help) {
    io.stdout(`usage: ${cmd.usage}\n${cmd.summary}\n`);
    return 0;
  }
  return cmd.run(args, io);
}

/**
 * Process entry point. Relative paths are resolved against the directory the user ran
 * `npm run` from (npm's INIT_CWD), falling back to the working directory.
 */
export function main(): void {
  const base = process.env['INIT_CWD'] ?? process.cwd();
  const io: CliIo = {
    readFile: (path) => {
      const file = resolve(base, path);
      // Nothing the CLI reads (scenario files, validation sets, search specs) comes near the
      // scenario-file cap; a larger file is refused before it is read.
      const size = statSync(file).size;
      if (size > MAX_SCENARIO_FILE_BYTES) {
        throw new Error(
          `the file is too large (${sizeText(size)}; the limit is ${sizeText(MAX_SCENARIO_FILE_BYTES)})`,
        );
      }
      return readFileSync(file, 'utf8');
    },
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    writeFile: (path, data) => writeFileSync(resolve(base, path), data),
  };
  void Promise.resolve(runCli(process.argv.slice(2), io)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) main();
