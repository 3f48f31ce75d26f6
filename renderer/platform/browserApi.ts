import {
  isAllowedExternalUrl,
  type AppInfo,
  type DesktopApi,
  type OpenTextFileRequest,
  type OpenedFile,
  type SaveBinaryFileRequest,
  type SaveResult,
  type SaveTextFileRequest,
} from '../../electron/contract';
import { MAX_SCENARIO_FILE_BYTES, sizeText } from '../../model/files/limits';
import { createBrowserDocumentApi, type BrowserDocumentApi } from './browserDocuments';

const MIME: Record<SaveTextFileRequest['kind'], string> = {
  scenario: 'application/json',
  csv: 'text/csv;charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const ACCEPT: Record<OpenTextFileRequest['kind'], string> = {
  scenario: '.json,application/json',
  csv: '.csv,text/csv',
  pdf: '.pdf',
  xlsx: '.xlsx',
};

/** Largest file the browser implementation reads (the desktop shell's cap, model/files). */
const MAX_OPEN_BYTES = MAX_SCENARIO_FILE_BYTES;

/**
 * The DesktopApi for a plain browser: saving downloads a file, opening uses a file input, and
 * external links open in a new tab (allow-listed https only, as in the desktop shell).
 */
export function createBrowserApi(version: string): DesktopApi {
  const api: Omit<DesktopApi, keyof BrowserDocumentApi> = {
    getAppInfo(): Promise<AppInfo> {
      return Promise.resolve({ name: 'ClusterPlan', version, shell: 'Browser' });
    },
    saveTextFile(request: SaveTextFileRequest): Promise<SaveResult> {
      const blob = new Blob([request.contents], { type: MIME[request.kind] });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = request.suggestedName;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
      // Revoke on the next task: the download has taken its copy by then.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return Promise.resolve({ saved: true, fileName: request.suggestedName });
    },
    openTextFile(request: OpenTextFileRequest): Promise<OpenedFile | null> {
      return new Promise((resolve, reject) => {
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = ACCEPT[request.kind];
        input.style.display = 'none';
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          input.remove();
          if (!file) {
            resolve(null);
            return;
          }
          if (file.size > MAX_OPEN_BYTES) {
            reject(
              new Error(
                `${file.name} is too large (${sizeText(file.size)}); ClusterPlan opens files up to ${sizeText(MAX_OPEN_BYTES)}`,
              ),
            );
            return;
          }
          file.text().then((contents) => resolve({ fileName: file.name, contents }), reject);
        });
        input.addEventListener('cancel', () => {
          input.remove();
          resolve(null);
        });
        document.body.append(input);
        input.click();
      });
    },
    openExternal(request: { url: string }): Promise<boolean> {
      if (!isAllowedExternalUrl(request.url)) return Promise.resolve(false);
      window.open(request.url, '_blank', 'noopener,noreferrer');
      return Promise.resolve(true);
    },
    saveBinaryFile(request: SaveBinaryFileRequest): Promise<SaveResult> {
      if (!('bytes' in request)) {
        // A browser cannot render PDF bytes itself: its print dialog ("Save as PDF") prints the
        // current view with the report's print CSS (paper size, repeated table headers).
        window.print();
        return Promise.resolve({ saved: false });
      }
      const blob = new Blob([request.bytes], {
        type: MIME[request.kind],
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = request.suggestedName;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return Promise.resolve({ saved: true, fileName: request.suggestedName });
    },
  };
  return { ...api, ...createBrowserDocumentApi(api, window.localStorage) };
}
