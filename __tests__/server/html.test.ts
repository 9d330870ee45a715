import { escapeHtml } from '../../server/src/lib/html';

describe('escapeHtml', () => {
  it('escapes what could end an element or a quoted attribute, and the ampersand first of all', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(escapeHtml('Götz & Carmona, “rough”')).toBe('Götz &amp; Carmona, “rough”');
  });
});
