// Types of chromium.mjs (plain Node ESM, imported by its unit test).
export declare const NO_CHROMIUM_MESSAGE: string;
export declare function findChromium(deps?: {
  env?: Record<string, string | undefined>;
  exists?: (p: string) => boolean;
  ownChromium?: () => Promise<string | null>;
}): Promise<string | null>;
export declare function installPlaywrightChromium(cwd: string): boolean;
export declare function ensureChromium(deps?: {
  find?: () => Promise<string | null>;
  install?: () => boolean;
}): Promise<
  | { chromium: string; installed: boolean; error?: undefined }
  | { error: string; chromium?: undefined }
>;
