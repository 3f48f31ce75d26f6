import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { resolveRequestPath, startServer } from '../../../cli/npm/serve.mjs';

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
});
