import zlib from 'node:zlib';

import { pageGzip, REUSED_PART_MIN_CHARS } from '../../server/src/pages/pageGzip';

const gunzip = (gzip: Buffer) => zlib.gunzipSync(gzip).toString();
/** A long text of its own (two-byte characters and a four-byte one included), as a note's body is. */
const body = (name: string) => `<p>${name}: ∂θE[f(X)] 𝔼 é</p>`.repeat(Math.ceil(REUSED_PART_MIN_CHARS / 20));

describe('a page compressed with its long parts compressed once', () => {
  it('inflates to the page, whatever the parts', () => {
    const [first, second] = [body('first'), body('second')];
    const page = `<!doctype html><head><title>∂</title></head><body>${first}<hr>${second}<script>{}</script></body>`;
    for (const parts of [[], [first], [second, first], [first, 'not in the page'], [first, first], ['short'], [page]])
      expect(gunzip(pageGzip(page, parts))).toBe(page);
    expect(gunzip(pageGzip(first, [first]))).toBe(first);
    expect(gunzip(pageGzip('', []))).toBe('');
  });

  it('answers the same bytes for the same page, with the part compressed once', () => {
    const part = body('note');
    const page = `<main>${part}</main>`;
    const deflate = jest.spyOn(zlib, 'deflateRawSync');
    const first = pageGzip(page, [part]);
    const compressed = deflate.mock.calls.map(([bytes]) => (bytes as Buffer).length);
    deflate.mockClear();
    expect(pageGzip(page, [part])).toEqual(first);
    // The page around the part is compressed again; the part is not.
    expect(deflate.mock.calls.map(([bytes]) => (bytes as Buffer).length)).toEqual(compressed.filter((length) => length < part.length));
    deflate.mockRestore();
  });

  it('is no larger than the page compressed whole, within a few bytes per part', () => {
    const part = body('note');
    const page = `<head>${'<style>.a{color:red}</style>'.repeat(100)}</head><main>${part}</main><script>${JSON.stringify({ a: 'b'.repeat(5000) })}</script>`;
    expect(pageGzip(page, [part]).length).toBeLessThan(zlib.gzipSync(page).length + 64);
  });
});
