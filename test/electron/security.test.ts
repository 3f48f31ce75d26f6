import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  contentTypeFor,
  isAppUrl,
  isNavigationAllowed,
  isPermissionGranted,
  mainWindowOptions,
  resolveAppRequest,
  secureWebPreferences,
} from '../../electron/security';
import { isAllowedExternalUrl } from '../../electron/contract';

const ROOT = path.resolve('/opt/clusterplan/dist/renderer');

describe('mainWindowOptions', () => {
  it('isolates, sandboxes and disables Node in every renderer context', () => {
    const prefs = mainWindowOptions('/p/preload.cjs').webPreferences;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.preload).toBe('/p/preload.cjs');
  });

  it('never opens smaller than the 1024x640 layout minimum, which fits a 1366x768 laptop', () => {
    const opts = mainWindowOptions('/p', { width: 800, height: 600 });
    expect(opts.width).toBe(1024);
    expect(opts.height).toBe(640);
    expect(opts.minWidth).toBe(1024);
    expect(opts.minHeight).toBe(640);
    // At most 1024x700, so 1366x768 and 150 %-scaled 1080p (1280x720) screens hold it.
    expect(opts.minWidth).toBeLessThanOrEqual(1024);
    expect(opts.minHeight).toBeLessThanOrEqual(700);
    expect(opts.show).toBe(false);
  });

  it('keeps a restored position only when both coordinates are known', () => {
    expect(mainWindowOptions('/p', { x: 10, y: 20, width: 1500, height: 900 })).toMatchObject({
      x: 10,
      y: 20,
      width: 1500,
    });
    expect('x' in mainWindowOptions('/p', { x: 10, width: 1500, height: 900 })).toBe(false);
  });

  it('secureWebPreferences is the same object shape for any preload path', () => {
    expect(secureWebPreferences('a')).toEqual({ ...secureWebPreferences('b'), preload: 'a' });
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  it('forbids eval, inline scripts, remote content, plugins and framing', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:/);
  });
});

describe('resolveAppRequest', () => {
  it('maps the root and plain paths inside the renderer folder', () => {
    expect(resolveAppRequest('app://clusterplan/', ROOT)).toBe(path.join(ROOT, 'index.html'));
    expect(resolveAppRequest('app://clusterplan/assets/index-abc.js', ROOT)).toBe(
      path.join(ROOT, 'assets', 'index-abc.js'),
    );
  });

  it.each([
    'app://clusterplan/../../etc/passwd',
    'app://clusterplan/%2e%2e/%2e%2e/etc/passwd',
    'app://clusterplan/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd',
    'app://clusterplan/..%2f..%2fsecret',
    'app://clusterplan/assets%5c..%5c..%5csecret',
    'app://clusterplan/index.html%00.js',
    'app://clusterplan/%E0%A4%A',
    'app://evil/index.html',
    'file:///etc/passwd',
    'https://clusterplan/index.html',
    'app://user:pw@clusterplan/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppRequest(url, ROOT)).toBeNull();
  });

  it('never returns a path outside the root for any request path', () => {
    const samples = ['a/../../b', '././x', 'assets/../index.html', '%2E%2E/x', 'a/%2e%2e/%2e%2e/x'];
    for (const s of samples) {
      const r = resolveAppRequest(`app://clusterplan/${s}`, ROOT);
      if (r !== null) expect(r.startsWith(ROOT + path.sep)).toBe(true);
    }
  });
});

describe('isAppUrl', () => {
  it('accepts only the app origin', () => {
    expect(isAppUrl('app://clusterplan/index.html')).toBe(true);
    expect(isAppUrl('app://clusterplan.evil/index.html')).toBe(false);
    expect(isAppUrl('https://clusterplan/')).toBe(false);
    expect(isAppUrl('file:///index.html')).toBe(false);
    expect(isAppUrl('')).toBe(false);
  });
});

describe('isAllowedExternalUrl', () => {
  it('allows https links to allow-listed hosts only', () => {
    expect(isAllowedExternalUrl('https://arxiv.org/abs/2104.04473')).toBe(true);
    expect(isAllowedExternalUrl('http://arxiv.org/abs/2104.04473')).toBe(false);
    expect(isAllowedExternalUrl('https://arxiv.org.evil.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://user@arxiv.org/')).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedExternalUrl('https://example.com/')).toBe(false);
  });
});

describe('navigation and permissions', () => {
  it('denies every navigation and permission', () => {
    expect(isNavigationAllowed('https://arxiv.org/')).toBe(false);
    expect(isNavigationAllowed('app://clusterplan/other.html')).toBe(false);
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(isPermissionGranted(p)).toBe(false);
    }
  });

  it('serves known types with a content type', () => {
    expect(contentTypeFor('/x/index.html')).toMatch(/^text\/html/);
    expect(contentTypeFor('/x/a.JS')).toMatch(/^text\/javascript/);
    expect(contentTypeFor('/x/a.bin')).toBe('application/octet-stream');
  });
});
