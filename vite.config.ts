import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shareBabelHelpers } from './vite.babel-helpers.ts';
import { engineWorkerChunk } from './vite.worker-chunk.ts';
import { trimValidation } from './vite.trim-validation.ts';
import { zodWithoutJsonSchema } from './vite.zod-json-schema.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The renderer. `base: './'` so the same build loads from the Electron app:// protocol and from
// the browser-mode server.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [
    react(),
    trimValidation(),
    zodWithoutJsonSchema(),
    shareBabelHelpers(
      join(dirname(createRequire(import.meta.url).resolve('recharts/package.json')), 'es6'),
    ),
    engineWorkerChunk('./renderer/worker/engine.worker.ts'),
  ],
  resolve: {
    // recharts' sortBy and uniqBy from es-toolkit/compat take every lodash iteratee shorthand,
    // which pulls in deep matching and cloning recharts never uses (about 1.8 KB gzipped): these
    // take the functions and property names it passes, with the same results (tested). Its
    // isEqual compares an axis's ticks (plain objects) and needs none of lodash's typed-array,
    // Map/Set and circular-reference handling (about 1 KB gzipped). decimal.js-light (nice tick
    // steps only) is replaced by an exact BigInt decimal with the methods and default settings
    // recharts uses (about 6 KB gzipped less; tested equal to it and on recharts' ticks). d3-scale
    // imports d3-time and d3-time-format for its time scales only, and d3-interpolate imports
    // d3-color to interpolate colours: no chart has a time axis or a colour scale, so the
    // renderer ships stand-ins that throw if used (about 8 KB gzipped less; tested in
    // test/build/d3StandIns.test.ts).
    alias: {
      'd3-color': fileURLToPath(
        new URL('./renderer/vendor/d3-color-none/index.ts', import.meta.url),
      ),
      'd3-time': fileURLToPath(new URL('./renderer/vendor/d3-time-none/index.ts', import.meta.url)),
      'd3-time-format': fileURLToPath(
        new URL('./renderer/vendor/d3-time-none/index.ts', import.meta.url),
      ),
      'decimal.js-light': fileURLToPath(
        new URL('./renderer/vendor/decimal-light/index.ts', import.meta.url),
      ),
      'es-toolkit/compat/isEqual': fileURLToPath(
        new URL('./renderer/vendor/es-toolkit-compat/isEqual.ts', import.meta.url),
      ),
      'es-toolkit/compat/sortBy': fileURLToPath(
        new URL('./renderer/vendor/es-toolkit-compat/sortBy.ts', import.meta.url),
      ),
      'es-toolkit/compat/uniqBy': fileURLToPath(
        new URL('./renderer/vendor/es-toolkit-compat/uniqBy.ts', import.meta.url),
      ),
    },
  },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Size is tracked as gzip against the 500 KB budget (bench `bundle_gzip_kb`), not per chunk.
    chunkSizeWarningLimit: 2000,
    // One stylesheet instead of one per screen: the screens' styles are small (about 8 KB gzipped
    // in all) and gzip better together; loading them at start costs about 3 KB.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The chart library and what only it uses, as one lazily loaded chunk instead of a
              // piece per chart kind (the pieces shared gzip context with nothing): about 7 KB
              // less in all. Not React (it stays in the start-up chunks).
              name: 'chartlib',
              test: /renderer[\\/]vendor[\\/](es-toolkit-compat|decimal-light)[\\/]|node_modules[\\/](recharts|d3-[a-z-]+|@reduxjs|immer|decimal\.js-light|es-toolkit|reselect|react-redux|victory-vendor|internmap|redux|redux-thunk|eventemitter3|clsx|react-is|use-sync-external-store|tiny-invariant)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // The screens opened from the tab bar after start (and the report's engine
              // code), as one lazily loaded chunk instead of about twenty pieces that each
              // gzip on their own: about 9 KB less in all, the start-up unchanged. The first
              // screen opened loads the others with it (about 70 KB gzipped, from disk or the
              // local server). Not accuracyData.ts: the engine worker imports it, and the
              // worker must not load this chunk (it imports React and the app's entry). A
              // module the start-up imports must not match either (it would pull this chunk
              // into the start-up; the bench's start-up figure shows it).
              name: 'screens',
              test: /renderer[\\/]features[\\/]((analysis|catalog|charts|compare|power|report|search)[\\/]|accuracy[\\/](?!accuracyData\.))|model[\\/]report[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // The engine code that the worker and the screens share (Monte Carlo, search,
              // validation harness and the accuracy page's case reader): one chunk instead of
              // five, about 1 KB less. Not the bundled validation files: only the worker reads them.
              name: 'engine-jobs',
              test: /model[\\/](analysis[\\/]|search[\\/]|validation[\\/](?!bundled[\\/]))|renderer[\\/]features[\\/]accuracy[\\/]accuracyData\./,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
