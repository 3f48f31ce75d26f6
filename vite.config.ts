import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { engineWorkerChunk } from './vite.worker-chunk.ts';
import { trimValidation } from './vite.trim-validation.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The renderer. `base: './'` so the same build loads from the Electron app:// protocol and from
// the browser-mode server.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), trimValidation(), engineWorkerChunk('./renderer/worker/engine.worker.ts')],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Size is tracked as gzip against the 500 KB budget (bench `bundle_gzip_kb`), not per chunk.
    chunkSizeWarningLimit: 2000,
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
