import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_DIR } from './fixtures';

/** Where exported PDFs are written (Playwright's output folder). */
export const PDF_DIR = path.resolve('test-results', 'report-pdf');

/**
 * An exported PDF as text (pdftotext -layout), per-page text, and PNG pages (pdftoppm -r 60,
 * in reports/screenshots/ to be looked at), with its page count and file path.
 */
export function inspectPdf(
  pdf: Buffer,
  name: string,
): { file: string; text: string; pageTexts: string[]; pages: number; pngs: string[] } {
  mkdirSync(PDF_DIR, { recursive: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(PDF_DIR, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  // pdftotext ends every page with a form feed.
  const pageTexts = text.split('\f').slice(0, pages);
  for (const f of readdirSync(SCREENSHOT_DIR)) {
    if (f.startsWith(`${name}-`)) rmSync(path.join(SCREENSHOT_DIR, f));
  }
  execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(SCREENSHOT_DIR, name)]);
  const pngs = readdirSync(SCREENSHOT_DIR)
    .filter((f) => f.startsWith(`${name}-`))
    .sort();
  return { file, text, pageTexts, pages, pngs };
}
