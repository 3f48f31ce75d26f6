/**
 * Scenario files handed to the app by the system: a double-click on a `.clusterplan` file
 * (macOS `open-file`; Windows and Linux start the app with the path as an argument), or a
 * second launch, whose arguments the single-instance lock forwards to the running app. Pure.
 */
import path from 'node:path';

/**
 * Scenario file extensions: `.clusterplan` is the app's own document type (the file
 * association, so a double-click opens it); `.json` is what the app has always written and
 * still opens from a dialog or the command line. No association is registered for `.json`.
 */
export const SCENARIO_FILE_EXTENSIONS = ['clusterplan', 'json'] as const;

/** The extension registered with the system (installers: electron-builder `fileAssociations`). */
export const ASSOCIATED_EXTENSION = 'clusterplan';

function isScenarioPath(arg: string): boolean {
  const ext = path.extname(arg).slice(1).toLowerCase();
  return (SCENARIO_FILE_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * The scenario file named on a command line, or null.
 * @param argv - `process.argv`, or the argv a second instance forwarded
 * @param options - `packaged`: the app runs from an installer (argv[0] is the app; in a
 *   development run argv[1] is the app folder); `cwd`: the launching shell's directory, against
 *   which a relative path resolves
 * @returns the absolute path of the last scenario file argument (switches are skipped)
 */
export function scenarioFileFromArgv(
  argv: readonly string[],
  options: { readonly packaged: boolean; readonly cwd: string },
): string | null {
  const args = argv.slice(options.packaged ? 1 : 2);
  let found: string | null = null;
  for (const arg of args) {
    if (arg.startsWith('-') || arg.includes('\0') || !isScenarioPath(arg)) continue;
    found = path.resolve(options.cwd, arg);
  }
  return found;
}
