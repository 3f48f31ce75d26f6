/** Injected by vite.config.ts from package.json. */
declare const __APP_VERSION__: string;

/** The engine worker's URL (vite.worker-chunk.ts). */
declare module 'virtual:engine-worker-url' {
  export const engineWorkerUrl: string;
}
