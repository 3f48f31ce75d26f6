import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// Main process and preload, each bundled to ONE CommonJS file in dist-electron/. They are built
// separately (`--mode main`, `--mode preload`) because a sandboxed preload can only require
// `electron` and a few built-ins, never a shared chunk. zod is bundled into main.
export default defineConfig(({ mode }) => {
  const entry = mode === 'preload' ? 'preload' : 'main';
  return {
    build: {
      outDir: 'dist-electron',
      emptyOutDir: entry === 'main',
      target: 'node20',
      minify: false,
      sourcemap: false,
      lib: {
        entry: { [entry]: `electron/${entry}.ts` },
        formats: ['cjs'],
        fileName: (_format, name) => `${name}.cjs`,
      },
      rollupOptions: {
        external: ['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      },
    },
  };
});
