import { defineConfig } from 'vitest/config';
import { engineWorkerChunk } from './vite.worker-chunk.ts';

export default defineConfig({
  // Resolves `virtual:engine-worker-url` (imported by renderer/worker/protocol.ts).
  plugins: [engineWorkerChunk('./renderer/worker/engine.worker.ts')],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
