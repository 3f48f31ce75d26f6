// Browser mode: serves the built renderer (dist/renderer) on 127.0.0.1 with the same
// Content-Security-Policy as the desktop shell. Used by `npm start` where no Electron binary is
// available, and by the end-to-end tests, so the tests drive exactly what users get.
import { createServer } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
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
export function startServer({ port = 0, root = RENDERER_DIR, openStream = createReadStream } = {}) {
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
