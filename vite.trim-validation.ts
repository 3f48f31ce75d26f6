import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { trimValidationFile } from './model/validation/bundled/trim.ts';

/**
 * Ships the bundled validation files in the renderer without the source figures nothing in the
 * app reads (`trimValidationFile`); the CLI and the tests read the files whole.
 */
export function trimValidation(): Plugin {
  return {
    name: 'clusterplan-trim-validation',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!/[\\/]model[\\/]validation[\\/]bundled[\\/][^\\/]+\.json$/.test(file)) return null;
      const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
      return JSON.stringify(trimValidationFile(data));
    },
  };
}
