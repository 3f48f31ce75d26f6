import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { isAllowedHost, resolveRequestPath, startServer } from '../../../cli/npm/serve.mjs';
import { request } from 'node:http';
import { Readable } from 'node:stream';

type Started = { server: { close(cb?: () => void): void }; url: string };

describe('browser-mode server', () => {
  let root = '';
  let started: Started;
  beforeAll(async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'cp-serve-'));
    root = path.join(base, 'renderer');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><p>app</p>');
    await writeFile(path.join(root, 'assets', 'a.js'), 'export {}');
    await writeFile(path.join(base, 'secret.txt'), 'secret');
    started = (await startServer({ port: 0, root })) as Started;
  });
  afterAll(() => new Promise<void>((r) => started.server.close(() => r())));

  it('maps paths inside the root and refuses traversal', () => {
    expect(resolveRequestPath('/', root)).toBe(path.join(root, 'index.html'));
    expect(resolveRequestPath('/assets/a.js?v=1', root)).toBe(path.join(root, 'assets', 'a.js'));
    for (const bad of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/a%00.js',
      '/%E0%A4%A',
      '/a\\b',
    ]) {
      expect(resolveRequestPath(bad, root), bad).toBeNull();
    }
  });

  it('serves the app on 127.0.0.1 with the CSP and 404s outside it', async () => {
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const ok = await fetch(`${started.url}/`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await ok.text()).toContain('app');
    const traversal = await fetch(`${started.url}/%2e%2e/secret.txt`);
    expect(traversal.status).toBe(404);
    const post = await fetch(`${started.url}/`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('sends COOP and CORP (same-origin) with every response', async () => {
    const ok = await fetch(`${started.url}/`);
    expect(ok.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(ok.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const missing = await fetch(`${started.url}/nope.js`);
    expect(missing.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('refuses a Host header other than its own loopback address (DNS rebinding)', async () => {
    const port = Number(new URL(started.url).port);
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await get(`evil.example:${port}`)).toBe(421);
    expect(await get(`127.0.0.1.evil.example:${port}`)).toBe(421);
    expect(await get('127.0.0.1:1')).toBe(421);
    expect(await get(`localhost:${port}`)).toBe(200);
    expect(await get(`127.0.0.1:${port}`)).toBe(200);
    expect(isAllowedHost(`[::1]:${port}`, port)).toBe(true);
    expect(isAllowedHost(undefined, port)).toBe(false);
  });
});

describe('browser-mode server: stream errors', () => {
  it('answers 500 when a file cannot be read, ends a response that fails midway, keeps serving', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'cp-serve-'));
    await writeFile(path.join(base, 'index.html'), 'app');
    await writeFile(path.join(base, 'late.js'), 'x');
    let mode: 'fail-first' | 'fail-late' | 'ok' = 'fail-first';
    const openStream = (file: string) => {
      const stream = new Readable({ read() {} });
      setImmediate(() => {
        if (mode === 'fail-first') {
          stream.destroy(Object.assign(new Error('EACCES'), { code: 'EACCES' }));
          return;
        }
        stream.emit('open');
        stream.push(mode === 'fail-late' ? 'partial' : path.basename(file));
        if (mode === 'fail-late') setImmediate(() => stream.destroy(new Error('EIO')));
        else stream.push(null);
      });
      return stream;
    };
    const s = (await startServer({ port: 0, root: base, openStream })) as Started;
    try {
      expect((await fetch(`${s.url}/`)).status).toBe(500);
      mode = 'fail-late';
      await expect(fetch(`${s.url}/late.js`).then((r) => r.text())).rejects.toThrow();
      mode = 'ok';
      const ok = await fetch(`${s.url}/`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('index.html');
    } finally {
      await new Promise<void>((r) => s.server.close(() => r()));
    }
  });
});
