import http from 'node:http';
import net from 'node:net';

import { parseTrustProxy } from '../../server/src/config';
import { account, buildTestServer, GOOD_PASSWORD, type Server, testServerFor } from './accounts/support';

describe('TRUST_PROXY', () => {
  it('is a number of hops or a list of proxy addresses, never "trust everyone"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.2, 10.1.0.0/16 ,::1')).toEqual(['10.0.0.2', '10.1.0.0/16', '::1']);
    expect(() => parseTrustProxy('true')).toThrow('TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses, not "true".');
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow();
  });

  describe('with one proxy', () => {
    const server = testServerFor({ trustProxy: 1 });

    const via = (clientChosen: string, seenByProxy: string) => ({ 'x-forwarded-for': `${clientChosen}, ${seenByProxy}` });

    it('takes the address the proxy saw, whatever the client puts before it', async () => {
      const { user } = await account(server, { email: 'proxied@example.org' });
      const tries = [];
      for (let i = 0; i < 6; i += 1) {
        tries.push(
          await server.inject({
            method: 'POST',
            url: '/api/users/login/',
            remoteAddress: '127.0.0.1',
            headers: via(`192.0.2.${i + 1}`, '203.0.113.7'),
            payload: { email: user.email, password: `Wrong-Guess-${i}-xyz` },
          }),
        );
      }
      expect(tries.map((t) => t.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
      const other = await server.inject({
        method: 'POST',
        url: '/api/users/login/',
        remoteAddress: '127.0.0.1',
        headers: via('203.0.113.7', '198.51.100.4'),
        payload: { email: user.email, password: GOOD_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    });
  });
});

describe('timeouts on a listening server', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = await buildTestServer({ requestTimeoutSeconds: 1, idleTimeoutSeconds: 1 });
    port = Number(new URL(await server.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await server.cleanup();
  });

  /**
   * Opens a connection, sends `head` then (when `drip`) a byte every 300 ms, and reports what the
   * server answered before closing it, or 'open' after 4 s.
   */
  function trickle(head: string, drip = false): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      const dripping = drip ? setInterval(() => socket.write('a'), 300) : undefined;
      const giveUp = setTimeout(() => {
        clearInterval(dripping);
        socket.destroy();
        resolve('open');
      }, 4000);
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
      });
      socket.on('close', () => {
        clearTimeout(giveUp);
        clearInterval(dripping);
        resolve(received || 'closed');
      });
      socket.on('error', () => undefined);
      socket.write(head);
    });
  }

  it('answers 408 and closes a request whose body trickles in, in the site’s error format with its security headers', async () => {
    const answer = await trickle('POST /api/users/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n', true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('x-content-type-options: nosniff');
    expect(answer).toContain("content-security-policy: default-src 'none'");
    expect(answer.endsWith('{"detail":"The request took too long to arrive."}')).toBe(true);
  });

  it('answers what it cannot read in the same way: malformed, oversized headers, two Host headers', async () => {
    const malformed = await trickle('GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400/);
    expect(malformed).toContain('x-content-type-options: nosniff');
    expect(malformed.endsWith('{"detail":"The request could not be read."}')).toBe(true);
    const oversized = await trickle(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(oversized).toMatch(/^HTTP\/1\.1 431/);
    expect(oversized.endsWith('{"detail":"The request headers are too large."}')).toBe(true);
    const twoHosts = await trickle('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n');
    expect(twoHosts).toMatch(/^HTTP\/1\.1 400/);
    expect(twoHosts).toContain('x-content-type-options: nosniff');
    expect(twoHosts.endsWith('{"detail":"The request has more than one Host header."}')).toBe(true);
  });

  it('closes a connection that falls silent', async () => {
    expect(await trickle('')).not.toBe('open');
  });

  it('closes a kept-alive connection that falls silent after an answer, within the idle timeout', async () => {
    const answer = await trickle('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('Keep-Alive: timeout=1');
  });
});

describe('connections from one address', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = await buildTestServer({ maxConnectionsPerAddress: 20 });
    port = Number(new URL(await server.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await server.cleanup();
  });

  /** Opens a connection from `localAddress`: connected (or already closed), and whether it is closed now. */
  function open(localAddress: string): Promise<{ socket: net.Socket; closed: () => boolean }> {
    return new Promise((resolve) => {
      let closed = false;
      const socket = net.connect({ port, host: '127.0.0.1', localAddress });
      const opened = { socket, closed: () => closed };
      socket.on('error', () => undefined);
      socket.once('connect', () => resolve(opened));
      socket.once('close', () => {
        closed = true;
        resolve(opened);
      });
    });
  }

  it('closes those past the limit at once, and still serves another address', async () => {
    const held = await Promise.all(Array.from({ length: 30 }, () => open('127.0.0.1')));
    // The server takes connections in the order they arrived: once it has answered one opened after these, it has
    // closed those past the limit (a fixed wait instead counted some as kept on a loaded machine).
    const health = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/health', localAddress: '127.0.0.2', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(health).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held.filter(({ closed }) => !closed())).toHaveLength(20);
    for (const { socket } of held) socket.destroy();
  });
});
