import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pino from 'pino';

import { logOutput, readableLine } from '../../server/src/logging';

describe('log lines on a terminal', () => {
  it('reads as time, level, message and the request it answered', () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 2, 3, 4, 5),
      msg: 'request completed',
      method: 'GET',
      url: '/cv',
      statusCode: 200,
      responseTime: 1.234,
    });
    expect(readableLine(json)).toMatch(/^\d\d:\d\d:\d\d INFO {2}request completed GET \/cv → 200 in 1\.2 ms\n$/);
  });

  it('shows an error’s stack under its line', () => {
    const json = JSON.stringify({ level: 50, time: 0, msg: 'request failed', err: { message: 'boom', stack: 'Error: boom\n    at here' } });
    expect(readableLine(json)).toMatch(/ERROR request failed\nError: boom\n {4}at here\n$/);
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(readableLine('plain text\n')).toBe('plain text\n');
  });
});

describe('log lines for a collector', () => {
  it('shows a quiet site’s request within a second, and writes out a burst at shutdown', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-')), 'site.log');
    const output = logOutput({ dest: fs.openSync(file, 'w'), terminal: false });
    const log = pino(output.stream);
    log.info('quiet request');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fs.readFileSync(file, 'utf8')).toContain('"msg":"quiet request"');
    for (let index = 0; index < 10; index += 1) log.info('busy request');
    output.flush();
    expect(fs.readFileSync(file, 'utf8').match(/busy request/g)).toHaveLength(10);
  });
});
