// Browser mode: serves the built renderer (dist/renderer) on 127.0.0.1 with the same
// Content-Security-Policy as the desktop shell. Used by `npm start` where no Electron binary is
// available, and by the end-to-end tests, so the tests drive exactly what users get.
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
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

/** Start the server; resolves with { server, url } once it listens. */
export function startServer({ port = 0, root = RENDERER_DIR } = {}) {
  const server = createServer((req, res) => {
    const headers = {
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, headers).end();
      return;
    }
    const file = resolveRequestPath(req.url ?? '/', root);
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}` });
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
