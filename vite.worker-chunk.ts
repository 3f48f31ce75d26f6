import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:engine-worker-url';
const RESOLVED = '\0' + VIRTUAL;

/**
 * Builds the engine worker as one more entry of the renderer's own build instead of a separate
 * worker bundle (Vite's `new Worker(new URL(...))` path), so the worker and the pages share the
 * engine's chunks (model, zod, catalog) instead of shipping a second copy of them. The worker is
 * an ES module worker; its entry imports only engine chunks, never the app's entry chunk.
 * `import { engineWorkerUrl } from 'virtual:engine-worker-url'` gives the URL to pass to `new Worker(url, {type:
 * 'module'})`; in the dev server it is the source file, which Vite serves as a module.
 */
export function engineWorkerChunk(entry: string): Plugin {
  const file = fileURLToPath(new URL(entry, import.meta.url));
  let build = false;
  return {
    name: 'clusterplan-engine-worker-chunk',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (!build)
        return `export const engineWorkerUrl = new URL(${JSON.stringify('/@fs' + file)}, import.meta.url).href;`;
      const ref = this.emitFile({ type: 'chunk', id: file, name: 'engine.worker' });
      return `export const engineWorkerUrl = import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
