import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/security';
// @ts-expect-error plain JS module without types
import { CONTENT_SECURITY_POLICY as SERVED_POLICY } from '../../cli/npm/serve.mjs';

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d] as const),
  );
}

describe('content security policy', () => {
  it('is the same in the desktop shell and the browser-mode server', () => {
    expect(SERVED_POLICY).toBe(CONTENT_SECURITY_POLICY);
  });

  it('index.html carries the same directives (except frame-ancestors, ignored in <meta>)', () => {
    const html = readFileSync('renderer/index.html', 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const expected = directives(CONTENT_SECURITY_POLICY);
    expected.delete('frame-ancestors');
    expect(directives(meta!)).toEqual(expected);
  });
});
