import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestServer, type TestServer } from './testServer';

describe('serving the SPA', () => {
  let server: TestServer & { cleanup: () => Promise<void> };
  let staticDir: string;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-spa-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<html><head><meta property="csp-nonce" content="__CSP_NONCE__"></head><body></body></html>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'main.abc123.js'), 'console.log(1)');
    server = await buildTestServer({ staticDir });
  });
  afterAll(async () => {
    await server.cleanup();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers client-side routes with the page, its style nonce matching a fresh CSP', async () => {
    const first = await server.inject({ method: 'GET', url: '/cv' });
    const second = await server.inject({ method: 'GET', url: '/reset-password/Mg/abc' });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const nonce = /content="([^"]+)"/.exec(res.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{24}$/);
      expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['set-cookie']).toEqual(expect.stringContaining('csrftoken='));
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(first.body).not.toBe(second.body);
  });

  it('serves hashed assets with long caching and the locked-down resource headers', async () => {
    const res = await server.inject({ method: 'GET', url: '/assets/main.abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });

  it('never answers API paths with the page', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/unknown/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
