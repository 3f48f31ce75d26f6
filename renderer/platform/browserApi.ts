import { isAllowedExternalUrl } from '../../electron/links';
import type {
  AppInfo,
  DesktopApi,
  OpenTextFileRequest,
  OpenedFile,
  SaveBinaryFileRequest,
  SaveResult,
  SaveTextFileRequest,
  SaveXlsxFileRequest,
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

/** Where the app's local server (cli/npm/serve.mjs) prints a report to PDF. */
export const REPORT_PDF_ENDPOINT = '/api/report-pdf';
/** Where the app's local server (cli/npm/serve.mjs) writes a report's workbook as XLSX. */
export const REPORT_XLSX_ENDPOINT = '/api/report-xlsx';

/** Offer bytes as a download named `name`. */
function download(bytes: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke on the next task: the download has taken its copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The report as a PDF file: the app's local server prints the same document as the CLI and the
 * desktop shell (headless Chromium, the same print view and page setup) and the browser
 * downloads it. Served from somewhere without that endpoint, the print dialog ("Save as PDF")
 * prints the current view instead.
 */
async function savePrintedPdf(request: SaveBinaryFileRequest): Promise<SaveResult> {
  const report = request.printView.report;
  if (report) {
    const res = await fetch(REPORT_PDF_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...report, paper: request.printView.paper }),
    });
    if (res.ok) {
      download(await res.arrayBuffer(), MIME.pdf, request.suggestedName);
      return { saved: true, fileName: request.suggestedName };
    }
    if (res.status !== 404 && res.status !== 405) {
      const why = (await res.text()).trim();
      throw new Error(why || `the app's server answered ${res.status}`);
    }
  }
  window.print();
  return { saved: false };
}

/**
 * The report's workbook as an XLSX file: the app's local server writes it with the CLI's writer
 * (the one the desktop shell's main process uses too) and the browser downloads it. The renderer
 * carries no XLSX writer, so served from somewhere without that endpoint the export says so.
 */
async function saveXlsx(request: SaveXlsxFileRequest): Promise<SaveResult> {
  const res = await fetch(REPORT_XLSX_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.workbook),
  });
  if (res.ok) {
    download(await res.arrayBuffer(), MIME.xlsx, request.suggestedName);
    return { saved: true, fileName: request.suggestedName };
  }
  if (res.status === 404 || res.status === 405) {
    throw new Error(
      "the XLSX is written by the app's local server, which this page was not served from (start the app with npm start)",
    );
  }
  const why = (await res.text()).trim();
  throw new Error(why || `the app's server answered ${res.status}`);
}

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
      return savePrintedPdf(request);
    },
    saveXlsxFile(request: SaveXlsxFileRequest): Promise<SaveResult> {
      return saveXlsx(request);
    },
  };
  return { ...api, ...createBrowserDocumentApi(api, window.localStorage) };
}
