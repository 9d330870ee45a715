import zlib from 'node:zlib';

import { PageTemplate } from '../../server/src/pages/pageTemplate';

describe('a kept page with a per-response value', () => {
  const page = ['<meta content="', '">', 'é'.repeat(40_000), '<style nonce="', '">a{}</style>', 'abc'.repeat(9_000), ''];

  it('fills the value in as text', () => {
    expect(new PageTemplate(page).text('N1').toString()).toBe(page.join('N1'));
  });

  it('answers a gzip stream any client can inflate to the same page, for every value', () => {
    const template = new PageTemplate(page);
    for (const value of ['N1', 'x'.repeat(24), '']) {
      const gzip = template.gzip(value);
      expect(zlib.gunzipSync(gzip).toString()).toBe(page.join(value));
      expect(gzip.length).toBeLessThan(2_000);
    }
  });

  it('handles a page without any hole', () => {
    const template = new PageTemplate(['<p>plain</p>']);
    expect(zlib.gunzipSync(template.gzip('unused')).toString()).toBe('<p>plain</p>');
  });
});
