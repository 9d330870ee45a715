import net from 'node:net';

import { closeWithin } from '../../server/src/server';
import { buildTestServer } from './testServer';

describe('closing the server on a signal', () => {
  it('cuts the requests still running after the grace period, and writes the downloads counted first', async () => {
    const server = await buildTestServer();
    const port = Number(new URL(await server.listen({ host: '127.0.0.1', port: 0 })).port);
    const flushes: string[] = [];
    const flush = server.downloads.flush.bind(server.downloads);
    server.downloads.flush = async () => {
      flushes.push(server.server.listening ? 'while listening' : 'after');
      await flush();
    };
    // A request whose body never finishes holds its connection: without a deadline, close waits for the request timeout (120 s).
    const slow = net.connect(port, '127.0.0.1');
    const cut = new Promise<void>((resolve) => slow.on('close', () => resolve()));
    slow.on('error', () => undefined);
    await new Promise<void>((resolve) => slow.on('connect', () => resolve()));
    slow.write('POST /api/users/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    await closeWithin(server, 500);
    const took = Date.now() - started;
    await cut;
    // Bounds, not a measurement: well past the grace period, far below the request timeout.
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(10_000);
    expect(flushes[0]).toBe('while listening');
    expect(flushes.length).toBe(2);
    await server.cleanup();
  });
});
