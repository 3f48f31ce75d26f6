/**
 * The one contract between the renderer and whichever shell hosts it (Electron or a browser).
 * Each operation is one method and one IPC channel with a zod schema for its payload; main
 * validates every payload with these schemas. The renderer imports this file for types only.
 */
import { z } from 'zod';

import { CHANNEL_NAMES } from './channels';

export { CHANNEL_PREFIX } from './channels';

/** Largest text file the app writes or reads through the shell (bytes of UTF-16 text). */
export const MAX_FILE_CHARS = 20 * 1024 * 1024;

const fileNameSchema = z
  .string()
  .min(1, 'suggestedName must not be empty')
  .max(200, 'suggestedName must be at most 200 characters')
  .refine((s) => !/[\\/\0]/.test(s), 'suggestedName must be a plain file name (no / \\ or NUL)');

export const fileKindSchema = z.enum(['scenario', 'csv', 'pdf', 'xlsx']);
export type FileKind = z.infer<typeof fileKindSchema>;

export const saveTextFileRequestSchema = z
  .object({
    suggestedName: fileNameSchema,
    kind: fileKindSchema,
    contents: z
      .string()
      .max(MAX_FILE_CHARS, `contents must be at most ${MAX_FILE_CHARS} characters`),
  })
  .strict();
export type SaveTextFileRequest = z.infer<typeof saveTextFileRequestSchema>;

export const openTextFileRequestSchema = z.object({ kind: fileKindSchema }).strict();
export type OpenTextFileRequest = z.infer<typeof openTextFileRequestSchema>;

export const openExternalRequestSchema = z.object({ url: z.string().max(2048) }).strict();
export type OpenExternalRequest = z.infer<typeof openExternalRequestSchema>;

export const emptyRequestSchema = z.object({}).strict();

export type SaveResult = { readonly saved: boolean; readonly fileName?: string };
export type OpenedFile = { readonly fileName: string; readonly contents: string };
export type AppInfo = { readonly name: string; readonly version: string; readonly shell: string };

/**
 * What the renderer may ask of its shell. The Electron preload implements it with native
 * dialogs and files; the browser implementation with downloads and a file input.
 */
export type DesktopApi = {
  /** Name, version and a human label of the host shell (for the About panel). */
  getAppInfo(): Promise<AppInfo>;
  /** Save text to a file the user picks (native dialog, or a download in a browser). */
  saveTextFile(request: SaveTextFileRequest): Promise<SaveResult>;
  /** Let the user pick a text file and return its contents; `null` when cancelled. */
  openTextFile(request: OpenTextFileRequest): Promise<OpenedFile | null>;
  /** Open an https link from the allow-list in the system browser. */
  openExternal(request: OpenExternalRequest): Promise<boolean>;
};

/** Channel name and payload schema of each operation. */
export const CHANNELS = {
  getAppInfo: { channel: CHANNEL_NAMES.getAppInfo, schema: emptyRequestSchema },
  saveTextFile: { channel: CHANNEL_NAMES.saveTextFile, schema: saveTextFileRequestSchema },
  openTextFile: { channel: CHANNEL_NAMES.openTextFile, schema: openTextFileRequestSchema },
  openExternal: { channel: CHANNEL_NAMES.openExternal, schema: openExternalRequestSchema },
} as const satisfies Record<keyof DesktopApi, { channel: string; schema: z.ZodType }>;

/** Hosts whose https links may be opened in the system browser (sources shown in the app). */
export const EXTERNAL_HOST_ALLOW_LIST: readonly string[] = [
  'arxiv.org',
  'docs.nvidia.com',
  'developer.nvidia.com',
  'www.nvidia.com',
  'nvidia.github.io',
  'resources.nvidia.com',
  'mlcommons.org',
  'github.com',
  'www.amd.com',
  'www.intel.com',
  'uptimeinstitute.com',
  'www.eia.gov',
];

/** True when `url` is https and its host is on the allow-list (exact match). */
export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return EXTERNAL_HOST_ALLOW_LIST.includes(parsed.hostname);
}
