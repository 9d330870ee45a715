import { render } from '@testing-library/react';

import { KATEX_INLINE_STYLES_ID, KATEX_STYLESHEET } from '@/contract/paths';
import { MathStyles } from '@/ui';

const TYPESET = '<span class="katex"><span class="katex-mathml"><math></math></span></span>';
const linked = () => document.querySelectorAll(`link[href="${KATEX_STYLESHEET}"]`).length;

describe('MathStyles', () => {
  afterEach(() => document.getElementById(KATEX_INLINE_STYLES_ID)?.remove());

  it('links KaTeX stylesheet beside typeset mathematics, and nothing beside plain text', () => {
    const { rerender } = render(<MathStyles html="<p>x squared</p>" />);
    expect(linked()).toBe(0);
    rerender(<MathStyles html={TYPESET} />);
    expect(linked()).toBe(1);
  });

  it('adds no link on a page the server drew with the styles inline in its head', () => {
    const inline = document.createElement('style');
    inline.id = KATEX_INLINE_STYLES_ID;
    document.head.append(inline);
    render(<MathStyles html={TYPESET} />);
    expect(linked()).toBe(0);
  });
});
