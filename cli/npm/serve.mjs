// Browser mode: serves the built renderer (dist/renderer) on 127.0.0.1 with the same
// Content-Security-Policy as the desktop shell. Used by `npm start` where no Electron binary is
// available, and by the end-to-end tests, so the tests drive exactly what users get.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// CLUSTERPLAN_RENDERER_DIR serves another build folder (parallel e2e runs during development).
export const RENDERER_DIR = process.env.CLUSTERPLAN_RENDERER_DIR
  ? path.resolve(process.env.CLUSTERPLAN_RENDERER_DIR)
  : path.resolve(HERE, '..', '..', 'dist', 'renderer');

// Keep in step with electron/security.ts CONTENT_SECURITY_POLICY (a unit test checks they match).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

function contentType(file) {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file under `root` a request path maps to, or null (traversal, NUL, backslash, bad escape). */
export function resolveRequestPath(rawPath, root) {
  const pathname = rawPath.split('?')[0].split('#')[0];
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((seg) => seg === '..' || seg === '.')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(path.resolve(root) + path.sep)) return null;
  return resolved;
}

/**
 * True when a request's Host header names this server on the loopback interface
 * (`127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`). Anything else is refused: a page on
 * another site whose DNS name was rebound to 127.0.0.1 sends its own name as Host.
 */
export function isAllowedHost(host, port) {
  if (typeof host !== 'string') return false;
  const h = host.toLowerCase();
  return h === `127.0.0.1:${port}` || h === `localhost:${port}` || h === `[::1]:${port}`;
}

/** True when a request's Origin header is this server (a page the server itself served). */
export function isAllowedOrigin(origin, port) {
  if (typeof origin !== 'string') return false;
  const o = origin.toLowerCase();
  return (
    o === `http://127.0.0.1:${port}` ||
    o === `http://localhost:${port}` ||
    o === `http://[::1]:${port}`
  );
}

/** Where the app asks for a report PDF (renderer/platform/browserApi.ts REPORT_PDF_ENDPOINT). */
export const REPORT_PDF_PATH = '/api/report-pdf';
/** Largest report request accepted, bytes (50 scenario documents at the file cap would be more). */
export const MAX_REPORT_REQUEST_BYTES = 20 * 1024 * 1024;
const REPO = path.resolve(HERE, '..', '..');

/**
 * A report request's body checked: `{ scenarios: [{ id, doc }], date, paper, baselineId,
 * objective }`. Returns the request or a message naming the field.
 */
export function parseReportRequest(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'must be an object';
  const { scenarios, paper, baselineId, objective } = body;
  if (!Array.isArray(scenarios) || scenarios.length === 0 || scenarios.length > 50) {
    return 'scenarios: must be 1 to 50 scenarios';
  }
  for (const [i, s] of scenarios.entries()) {
    if (typeof s !== 'object' || s === null || typeof s.id !== 'string') {
      return `scenarios[${i}]: must be { id, doc }`;
    }
    if (typeof s.doc !== 'object' || s.doc === null || Array.isArray(s.doc)) {
      return `scenarios[${i}].doc: must be a scenario document`;
    }
  }
  if (paper !== 'a4' && paper !== 'letter') return 'paper: must be a4 or letter';
  if (objective !== null && objective !== undefined && !/^[a-z0-9_]{1,100}$/.test(objective)) {
    return 'objective: must be a metric id';
  }
  if (baselineId !== null && baselineId !== undefined && typeof baselineId !== 'string') {
    return 'baselineId: must be a scenario id';
  }
  const baseline =
    Math.max(
      0,
      scenarios.findIndex((s) => s.id === baselineId),
    ) + 1;
  return { scenarios, paper, objective: objective ?? null, baseline };
}

/**
 * Print a report to PDF the way `npm run cli -- report` does (one implementation: the CLI
 * loads this build's print view in headless Chromium): the documents go to a temporary folder,
 * the CLI writes the PDF there, the bytes come back and the folder is removed.
 * @returns the PDF bytes
 * @throws Error with the CLI's message when it fails
 */
export async function renderReportPdf(request, root = RENDERER_DIR) {
  const dir = await mkdtemp(path.join(tmpdir(), 'clusterplan-report-'));
  try {
    const files = [];
    for (const [i, s] of request.scenarios.entries()) {
      const file = path.join(dir, `scenario-${i + 1}.json`);
      await writeFile(file, JSON.stringify(s.doc));
      files.push(file);
    }
    const out = path.join(dir, 'report.pdf');
    const args = [
      path.join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(REPO, 'cli', 'main.ts'),
      'report',
      ...files,
      '--pdf',
      out,
      '--paper',
      request.paper,
      '--baseline',
      String(request.baseline),
      ...(request.objective ? ['--objective', request.objective] : []),
    ];
    const stderr = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: REPO,
        env: { ...process.env, CLUSTERPLAN_RENDERER_DIR: root },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 180_000,
      });
      let err = '';
      child.stderr.on('data', (d) => {
        if (err.length < 10_000) err += d.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve(err);
        else
          reject(new Error(err.trim().split('\n').slice(-3).join(' ') || `report exited ${code}`));
      });
    });
    void stderr;
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where the app asks for a report workbook (renderer/platform/browserApi.ts REPORT_XLSX_ENDPOINT). */
export const REPORT_XLSX_PATH = '/api/report-xlsx';

/**
 * Write a report workbook (`{ sheets, properties }` as JSON) to XLSX the way the CLI does (one
 * implementation: cli/report/workbook.ts checks it with model/report's schema and writes it with
 * the CLI's writer, which the desktop shell's main process shares): the JSON goes to its stdin,
 * the bytes come back on its stdout.
 * @param {Buffer} json - the request body
 * @returns the XLSX bytes
 * @throws Error with the writer's message; `invalid: true` on it when the workbook does not parse
 */
export function writeReportXlsx(json) {
  const args = [
    path.join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
    path.join(REPO, 'cli', 'report', 'workbook.ts'),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    const out = [];
    let err = '';
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => {
      if (err.length < 10_000) err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const e = new Error(err.trim().split('\n').slice(-3).join(' ') || `workbook exited ${code}`);
      e.invalid = code === 2;
      reject(e);
    });
    child.stdin.on('error', () => {}); // a writer that exits early closes its stdin
    child.stdin.end(json);
  });
}

/** The request's body, at most `max` bytes (null when larger). */
function readBody(req, max) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > max) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Headers of every response: the app's CSP, no sniffing, no referrer, and cross-origin isolation. */
const BASE_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  // Other sites can neither hold a reference to the app's window nor embed its files.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Start the server; resolves with { server, url } once it listens.
 * @param {{ port?: number, root?: string, openStream?: (file: string) => import('node:stream').Readable }} options
 *   `openStream` replaces createReadStream (tests make it fail)
 */
export function startServer({
  port = 0,
  root = RENDERER_DIR,
  openStream = createReadStream,
  renderPdf = renderReportPdf,
  writeXlsx = writeReportXlsx,
} = {}) {
  let actualPort = port;
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, BASE_HEADERS).end();
      else res.destroy();
    });
  });
  async function handle(req, res) {
    const headers = BASE_HEADERS;
    if (!isAllowedHost(req.headers.host, actualPort)) {
      res.writeHead(421, { ...headers, 'content-type': 'text/plain' }).end('Misdirected request');
      return;
    }
    if ((req.url ?? '').split('?')[0] === REPORT_PDF_PATH) {
      await handleReportPdf(req, res);
      return;
    }
    if ((req.url ?? '').split('?')[0] === REPORT_XLSX_PATH) {
      await handleReportXlsx(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, headers).end();
      return;
    }
    const file = resolveRequestPath(req.url ?? '/', root);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info || !info.isFile()) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (req.method === 'HEAD') {
      res.writeHead(200, { ...headers, 'content-type': contentType(file) }).end();
      return;
    }
    const stream = openStream(file);
    // A file that cannot be read (removed, permissions, I/O error) answers 500 before any byte
    // is sent, or ends the connection if it fails midway; the server never crashes on it.
    stream.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(500, { ...headers, 'content-type': 'text/plain' }).end('Read error');
      } else res.destroy();
    });
    stream.once('open', () => {
      res.writeHead(200, { ...headers, 'content-type': contentType(file) });
      stream.pipe(res);
    });
    res.on('close', () => stream.destroy());
  }
  /** A plain-text answer. */
  function text(res, status, message) {
    res
      .writeHead(status, { ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8' })
      .end(message);
  }
  /**
   * The body of a report request (PDF or XLSX): a POST of JSON from this app's own pages, within
   * the size cap. Null when refused (the answer is sent).
   */
  async function readReportRequest(req, res) {
    const refuse = (status, message) => {
      text(res, status, message);
      return null;
    };
    if (req.method !== 'POST') return refuse(405, 'POST a report request');
    // Only this app's pages: another site's page has its own Origin, and cannot send JSON
    // without a preflight this server never answers.
    if (!isAllowedOrigin(req.headers.origin, actualPort)) return refuse(403, 'Forbidden');
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return refuse(415, 'The report request must be JSON');
    }
    const body = await readBody(req, MAX_REPORT_REQUEST_BYTES);
    if (body === null) return refuse(413, 'The report request is too large');
    return body;
  }
  /** POST the report's workbook, get the XLSX: from this app's own pages only. */
  async function handleReportXlsx(req, res) {
    const body = await readReportRequest(req, res);
    if (body === null) return;
    let xlsx;
    try {
      xlsx = await writeXlsx(body);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof Error && e.invalid) return text(res, 400, `Report workbook: ${message}`);
      return text(res, 500, `The XLSX could not be made: ${message}`);
    }
    res
      .writeHead(200, {
        ...BASE_HEADERS,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-length': xlsx.length,
      })
      .end(xlsx);
  }
  /** POST the report's request, get the PDF: from this app's own pages only. */
  async function handleReportPdf(req, res) {
    const body = await readReportRequest(req, res);
    if (body === null) return;
    let parsed;
    try {
      parsed = parseReportRequest(JSON.parse(body.toString('utf8')));
    } catch {
      return text(res, 400, 'The report request is not valid JSON');
    }
    if (typeof parsed === 'string') return text(res, 400, `Report request: ${parsed}`);
    let pdf;
    try {
      pdf = await renderPdf(parsed, root);
    } catch (e) {
      return text(
        res,
        500,
        `The PDF could not be made: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    res
      .writeHead(200, {
        ...BASE_HEADERS,
        'content-type': 'application/pdf',
        'content-length': pdf.length,
      })
      .end(pdf);
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actualPort}` });
    });
  });
}

// CLI: node cli/npm/serve.mjs [--port N]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT ?? 0);
  if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) {
    console.error('dist/renderer is missing: run `npm run build:renderer` first.');
    process.exit(1);
  }
  const { url } = await startServer({ port });
  console.log(`ClusterPlan is running at ${url}`);
}
