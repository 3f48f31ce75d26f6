/**
 * Page setup of the printed report, shared by every path that turns the print view into a PDF:
 * the CLI and the tests (Playwright `page.pdf`), the desktop shell (`webContents.printToPDF`)
 * and the browser's own print dialog (the CSS `@page` rules in report.css use the same margins).
 * Pure data, no DOM.
 */

export type Paper = 'a4' | 'letter';

export const PAPERS: readonly { readonly id: Paper; readonly label: string }[] = [
  { id: 'a4', label: 'A4' },
  { id: 'letter', label: 'Letter' },
];

/** Page margins, mm (top and bottom leave room for the running header and page number). */
export const PAGE_MARGINS_MM = { top: 16, bottom: 16, left: 14, right: 14 } as const;

/** Chromium's name of the paper format (`page.pdf({ format })`, `printToPDF({ pageSize })`). */
export function chromiumPaperFormat(paper: Paper): 'A4' | 'Letter' {
  return paper === 'a4' ? 'A4' : 'Letter';
}

/** True when `v` names a paper size. */
export function isPaper(v: unknown): v is Paper {
  return v === 'a4' || v === 'letter';
}

/**
 * Running header (the report's title) and footer (page N of M). Chromium fills the
 * `pageNumber` and `totalPages` classes; the templates carry their own styles because they are
 * rendered outside the page.
 */
export function pdfHeaderTemplate(title: string): string {
  const safe = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<div style="font-family:sans-serif;font-size:7px;color:#555;width:100%;padding:0 14mm;display:flex;justify-content:space-between"><span>${safe}</span><span>ClusterPlan</span></div>`;
}
export const PDF_FOOTER_TEMPLATE =
  '<div style="font-family:sans-serif;font-size:8px;color:#333;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';

/** The running header's text: the report's name and the date it states (ISO, as on page 1). */
export function reportPdfTitle(date: string): string {
  return `ClusterPlan comparison report · ${date}`;
}

const MM_PER_INCH = 25.4;

/**
 * Options for the desktop shell's `webContents.printToPDF` (Electron): the same paper, margins
 * (in inches there), running header and page numbers as {@link playwrightPdfOptions}, so a PDF
 * saved from the app matches one from the CLI.
 * @param title - running header text (HTML-escaped here)
 */
export function electronPdfOptions(
  paper: Paper,
  title: string,
): {
  pageSize: 'A4' | 'Letter';
  printBackground: boolean;
  displayHeaderFooter: boolean;
  headerTemplate: string;
  footerTemplate: string;
  margins: { top: number; bottom: number; left: number; right: number };
} {
  return {
    pageSize: chromiumPaperFormat(paper),
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: pdfHeaderTemplate(title),
    footerTemplate: PDF_FOOTER_TEMPLATE,
    margins: {
      top: PAGE_MARGINS_MM.top / MM_PER_INCH,
      bottom: PAGE_MARGINS_MM.bottom / MM_PER_INCH,
      left: PAGE_MARGINS_MM.left / MM_PER_INCH,
      right: PAGE_MARGINS_MM.right / MM_PER_INCH,
    },
  };
}

/**
 * Options for Playwright's `page.pdf` (Chromium's Page.printToPDF).
 * @param title - running header text (HTML-escaped here)
 */
export function playwrightPdfOptions(
  paper: Paper,
  title = 'ClusterPlan comparison report',
): {
  format: 'A4' | 'Letter';
  printBackground: boolean;
  displayHeaderFooter: boolean;
  headerTemplate: string;
  footerTemplate: string;
  margin: { top: string; bottom: string; left: string; right: string };
  preferCSSPageSize: boolean;
} {
  return {
    format: chromiumPaperFormat(paper),
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: pdfHeaderTemplate(title),
    footerTemplate: PDF_FOOTER_TEMPLATE,
    margin: {
      top: `${PAGE_MARGINS_MM.top}mm`,
      bottom: `${PAGE_MARGINS_MM.bottom}mm`,
      left: `${PAGE_MARGINS_MM.left}mm`,
      right: `${PAGE_MARGINS_MM.right}mm`,
    },
    preferCSSPageSize: false,
  };
}

/** The data attribute the print view sets once the report is laid out (charts drawn). */
export const REPORT_READY_SELECTOR = '[data-report-ready="true"]';

/** Name of the global through which the CLI hands scenarios to the print view. */
export const REPORT_HANDOFF_GLOBAL = '__CLUSTERPLAN_REPORT__';

/** Event (on window) that tells a loaded print view to re-read the hand-off global. */
export const REPORT_HANDOFF_EVENT = 'clusterplan-report-handoff';

/** The ready marker of one hand-off request (`requestId` of the hand-off). */
export function reportReadySelector(requestId: string): string {
  return `${REPORT_READY_SELECTOR}[data-report-request="${requestId.replace(/["\\]/g, '')}"]`;
}
