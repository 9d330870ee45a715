import { readableLine } from '../../server/src/logging';

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
