import { randomText } from '../../server/src/lib/randomText';

describe('random text for nonces and tokens', () => {
  it('never hands out the same bytes twice, across many refills of its pool', () => {
    const seen = new Set<string>();
    // 32 bytes each: about sixteen 4 KB refills.
    for (let index = 0; index < 2_000; index += 1) seen.add(randomText(32, 'base64url'));
    expect(seen.size).toBe(2_000);
  });

  it('answers the asked number of bytes in the asked encoding', () => {
    expect(randomText(16, 'base64')).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(randomText(32, 'base64url')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomText(5000, 'base64url')).toHaveLength(6667);
  });
});
