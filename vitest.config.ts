import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { engineWorkerChunk } from './vite.worker-chunk.ts';

export default defineConfig({
  // Resolves `virtual:engine-worker-url` (imported by renderer/worker/protocol.ts).
  plugins: [engineWorkerChunk('./renderer/worker/engine.worker.ts')],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    // Vitest's default (all cores but one) runs the files one at a time on a 2-core machine
    // such as CI's, where many files mostly wait on child processes and the disk: two workers
    // there halve the unit run (366 s -> 184 s measured on 2 cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
