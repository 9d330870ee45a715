import { __PRIVATE__, version } from 'styled-components';

import { expectHydration } from '@/lib/hydration';
import { takeOverServerStyles } from '@/lib/serverStyles';

/** What the server writes for one styled component (id "Title-x1", class "abc") with its rule. */
function serverStyleSheet() {
  document.head.innerHTML = `<style data-styled="true" data-styled-version="${version}">.abc{color:red;}/*!sc*/\ndata-styled.g7[id="Title-x1"]{content:"abc,"}/*!sc*/\n</style>`;
}

describe('taking over the server-rendered style sheets', () => {
  it('hides them from styled-components until the takeover step, which then learns their class names', () => {
    serverStyleSheet();
    expectHydration();
    expect(document.querySelector('style[data-styled-version]')).toBeNull();
    expect(__PRIVATE__.mainSheet.hasNameForId('Title-x1', 'abc')).toBe(false);

    takeOverServerStyles();
    expect(__PRIVATE__.mainSheet.hasNameForId('Title-x1', 'abc')).toBe(true);
    expect(document.head.textContent).toContain('.abc{color:red;}');
  });

  it('does nothing on a page the browser draws itself', () => {
    document.head.innerHTML = '';
    expectHydration();
    takeOverServerStyles();
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });
});
