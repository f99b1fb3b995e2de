import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are set on API answers, errors included', async () => {
    for (const url of ['/api/config', '/api/no-existe', '/api/auth/me']) {
      const res = await t.app.inject({ method: 'GET', url });

      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it("are the full set on every answer, the scanner's included", async () => {
    const expected = {
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/config' }),
      await t.app.inject({ method: 'POST', url: '/api/scanner/no-existe/consume', payload: { qrCode: 'x' } }),
    ];
    for (const res of answers) expect(res.headers).toMatchObject(expected);
  });

  it('do not upgrade to HTTPS: bars reach the server over plain HTTP on the LAN', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });

    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
