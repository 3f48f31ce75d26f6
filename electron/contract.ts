/**
 * The one contract between the renderer and whichever shell hosts it (Electron or a browser).
 * Each operation is one method and one IPC channel with a zod schema for its payload; main
 * validates every payload with these schemas. The renderer imports this file for types only.
 */
import { z } from 'zod';

import { CHANNEL_NAMES, type MenuCommand } from './channels';
import { MAX_SCENARIO_FILE_BYTES, sizeText, utf8Length } from '../model/files/limits';
import { xlsxWorkbookSchema } from '../model/report/xlsxSchema';

export { CHANNEL_PREFIX, MENU_COMMANDS, parseMenuCommand } from './channels';
export { EXTERNAL_HOST_ALLOW_LIST, isAllowedExternalUrl } from './links';
export type { MenuCommand, MenuCommandName } from './channels';

/** Largest text export (CSV) the app writes through the shell (UTF-16 code units). */
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

/**
 * Save the report as PDF: `printView` — the shell renders the window's current view to PDF
 * (Electron `webContents.printToPDF` with the paper size and page numbers; in a browser the
 * app's local server prints the report as the CLI does, or the print dialog's "Save as PDF"
 * uses the same print CSS).
 */
export const saveBinaryFileRequestSchema = z
  .object({
    suggestedName: fileNameSchema,
    kind: z.literal('pdf'),
    printView: z
      .object({
        paper: z.enum(['a4', 'letter']),
        /**
         * The report the view shows (scenario documents, date, baseline, objective), for a
         * shell that prints it elsewhere: the browser's local server renders it as the CLI
         * does. The desktop shell prints the window and ignores it.
         */
        report: z
          .object({
            scenarios: z
              .array(z.object({ id: z.string().max(200), doc: z.unknown() }).strict())
              .min(1)
              .max(50),
            date: z.string().min(1).max(40),
            baselineId: z.string().max(200).nullable(),
            objective: z.string().max(100).nullable(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  })
  .strict();
export type SaveBinaryFileRequest = z.infer<typeof saveBinaryFileRequestSchema>;

/**
 * Save the report as XLSX: the workbook as plain data (model/report `reportSheets` and
 * `reportProperties`); the shell writes the bytes (main with model/report `xlsxBytes`; in a
 * browser the app's local server, with the CLI's writer), so write-excel-file stays out of the
 * renderer's bundle.
 */
export const saveXlsxFileRequestSchema = z
  .object({ suggestedName: fileNameSchema, workbook: xlsxWorkbookSchema })
  .strict();
export type SaveXlsxFileRequest = z.infer<typeof saveXlsxFileRequestSchema>;

export const openTextFileRequestSchema = z.object({ kind: fileKindSchema }).strict();
export type OpenTextFileRequest = z.infer<typeof openTextFileRequestSchema>;

export const openExternalRequestSchema = z.object({ url: z.string().max(2048) }).strict();
export type OpenExternalRequest = z.infer<typeof openExternalRequestSchema>;

export const emptyRequestSchema = z.object({}).strict();

/** A file path the shell handed the renderer earlier (a dialog's pick or the recent list). */
const filePathSchema = z
  .string()
  .min(1, 'filePath must not be empty')
  .max(4096, 'filePath must be at most 4096 characters')
  .refine((s) => !s.includes('\0'), 'filePath must not contain NUL');

/**
 * A scenario file's or recovery copy's text: never larger than the app opens again
 * (`MAX_SCENARIO_FILE_BYTES` of UTF-8), so nothing is saved that could not be reopened.
 */
const contentsSchema = z
  .string()
  .max(MAX_SCENARIO_FILE_BYTES, `contents must be at most ${sizeText(MAX_SCENARIO_FILE_BYTES)}`)
  .refine(
    (s) => utf8Length(s) <= MAX_SCENARIO_FILE_BYTES,
    `contents must be at most ${sizeText(MAX_SCENARIO_FILE_BYTES)} as UTF-8`,
  );

export const openScenarioFileRequestSchema = z
  .object({ filePath: filePathSchema.optional() })
  .strict();
export type OpenScenarioFileRequest = z.infer<typeof openScenarioFileRequestSchema>;

export const saveScenarioFileRequestSchema = z
  .object({
    suggestedName: fileNameSchema,
    contents: contentsSchema,
    /** Save to this path without a dialog (Save); absent: ask where (Save As). */
    filePath: filePathSchema.optional(),
  })
  .strict();
export type SaveScenarioFileRequest = z.infer<typeof saveScenarioFileRequestSchema>;

/** A file the renderer opened from a path the shell handed out: it joins the recent list. */
export const addRecentFileRequestSchema = z.object({ filePath: filePathSchema }).strict();
export type AddRecentFileRequest = z.infer<typeof addRecentFileRequestSchema>;

export const setDocumentStateRequestSchema = z
  .object({
    /** File name shown in the window title (`null`: not saved yet). */
    fileName: z.string().max(260).nullable(),
    dirty: z.boolean(),
  })
  .strict();
export type SetDocumentStateRequest = z.infer<typeof setDocumentStateRequestSchema>;

export const writeRecoveryRequestSchema = z.object({ contents: contentsSchema }).strict();
export type WriteRecoveryRequest = z.infer<typeof writeRecoveryRequestSchema>;

/** A scenario file opened or saved through the shell: its name and its path (an opaque token). */
export type ScenarioFileRef = { readonly fileName: string; readonly filePath: string };
export type OpenedScenarioFile = ScenarioFileRef & { readonly contents: string };
export type SaveScenarioResult =
  { readonly saved: false } | ({ readonly saved: true } & ScenarioFileRef);

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
  /**
   * Save the report printed to PDF where the user picks (native dialog, or a download / the
   * print dialog in a browser).
   */
  saveBinaryFile(request: SaveBinaryFileRequest): Promise<SaveResult>;
  /**
   * Write the report's workbook as XLSX and save it where the user picks (native dialog, or a
   * download in a browser).
   */
  saveXlsxFile(request: SaveXlsxFileRequest): Promise<SaveResult>;
  /**
   * Read a scenario file: the path given (one the shell handed out: a dialog pick, the recent
   * list, a file opened from the system) or one the user picks. `null` when cancelled. The shell
   * only reads the bytes (capped); the renderer checks them and, when they open, calls
   * `addRecentFile`.
   */
  openScenarioFile(request: OpenScenarioFileRequest): Promise<OpenedScenarioFile | null>;
  /** Put a scenario file that opened on the recent list (a path the shell handed out). */
  addRecentFile(request: AddRecentFileRequest): Promise<void>;
  /**
   * Save a scenario file atomically: to `filePath` without a dialog (Save; the path must be
   * one the shell handed out) or where the user picks (Save As). The file joins the recent list.
   */
  saveScenarioFile(request: SaveScenarioFileRequest): Promise<SaveScenarioResult>;
  /** The recent scenario files, newest first. */
  getRecentFiles(): Promise<readonly ScenarioFileRef[]>;
  /** Tell the shell the file name and whether there are unsaved changes (title, close prompt). */
  setDocumentState(request: SetDocumentStateRequest): Promise<void>;
  /** Close the window after the renderer saved on the close prompt's "Save". */
  closeWindow(): Promise<void>;
  /** Replace the recovery copy of the unsaved workspace (autosave). */
  writeRecovery(request: WriteRecoveryRequest): Promise<void>;
  /**
   * The recovery copies left by a session that did not end cleanly, newest first (the copy,
   * then the version before it); empty when there is none. The renderer restores the first one
   * that reads.
   */
  readRecovery(): Promise<readonly string[]>;
  /** Delete the recovery copy (after a clean save, a discard, or a quit without saving). */
  clearRecovery(): Promise<void>;
  /**
   * Receive application-menu commands (validated in the preload); returns an unsubscribe
   * function. The browser shell has no menu and never calls back.
   */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
};

/** DesktopApi operations that are request/response IPC calls (all but event subscriptions). */
export type InvokeOperation = Exclude<keyof DesktopApi, 'onMenuCommand'>;

/** Channel name and payload schema of each operation. */
export const CHANNELS = {
  getAppInfo: { channel: CHANNEL_NAMES.getAppInfo, schema: emptyRequestSchema },
  saveTextFile: { channel: CHANNEL_NAMES.saveTextFile, schema: saveTextFileRequestSchema },
  openTextFile: { channel: CHANNEL_NAMES.openTextFile, schema: openTextFileRequestSchema },
  openExternal: { channel: CHANNEL_NAMES.openExternal, schema: openExternalRequestSchema },
  saveBinaryFile: { channel: CHANNEL_NAMES.saveBinaryFile, schema: saveBinaryFileRequestSchema },
  saveXlsxFile: { channel: CHANNEL_NAMES.saveXlsxFile, schema: saveXlsxFileRequestSchema },
  openScenarioFile: {
    channel: CHANNEL_NAMES.openScenarioFile,
    schema: openScenarioFileRequestSchema,
  },
  saveScenarioFile: {
    channel: CHANNEL_NAMES.saveScenarioFile,
    schema: saveScenarioFileRequestSchema,
  },
  addRecentFile: { channel: CHANNEL_NAMES.addRecentFile, schema: addRecentFileRequestSchema },
  getRecentFiles: { channel: CHANNEL_NAMES.getRecentFiles, schema: emptyRequestSchema },
  setDocumentState: {
    channel: CHANNEL_NAMES.setDocumentState,
    schema: setDocumentStateRequestSchema,
  },
  closeWindow: { channel: CHANNEL_NAMES.closeWindow, schema: emptyRequestSchema },
  writeRecovery: { channel: CHANNEL_NAMES.writeRecovery, schema: writeRecoveryRequestSchema },
  readRecovery: { channel: CHANNEL_NAMES.readRecovery, schema: emptyRequestSchema },
  clearRecovery: { channel: CHANNEL_NAMES.clearRecovery, schema: emptyRequestSchema },
} as const satisfies Record<InvokeOperation, { channel: string; schema: z.ZodType }>;
