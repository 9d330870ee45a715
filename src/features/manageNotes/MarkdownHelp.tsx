import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

const Help = styled.div`
  margin-bottom: ${theme.space[4]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
  ul {
    margin: 0 0 ${theme.space[2]};
    padding-left: ${theme.space[5]};
  }
  code,
  pre {
    font-family: ${theme.fonts.mono};
    color: ${theme.colors.text};
  }
  /* Wrapped rather than scrolled, as in the preview: a scrolling box would need a tab stop of its own. */
  pre {
    white-space: pre-wrap;
    margin: ${theme.space[1]} 0 0;
    padding: ${theme.space[2]} ${theme.space[3]};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceAlt};
  }
  summary {
    cursor: pointer;
    color: ${theme.colors.accent};
  }
`;

const CHART_EXAMPLE = `\`\`\`chart
type: line
title: Equity curve
description: Growth of one dollar, 2020 to 2024.
x: Date
y: Equity ($)
log: y
---
date,strategy,benchmark
2020-01-02,1.00,1.00
2024-12-31,1.84,1.52
\`\`\``;

/** The syntax a note's body takes beyond plain Markdown, in short. */
export function MarkdownHelp() {
  return (
    <Help>
      <ul>
        <li>
          Markdown with tables, footnotes (<code>[^1]</code>) and task lists (<code>- [ ] to do</code>).
        </li>
        <li>
          Mathematics: <code>$\sigma^2$</code> in a sentence, <code>$$</code> on the lines before and after a displayed formula.
        </li>
        <li>
          Code: a fenced block naming its language, <code>```python</code> … <code>```</code>.
        </li>
        <li>
          Pictures from the library: <code>![what it shows](photo:12)</code>, with the ID shown under the picture above.
        </li>
      </ul>
      <details>
        <summary>Charts: an example</summary>
        <p>
          Options (<code>type: line|area|bar|scatter</code>, <code>title</code>, <code>description</code>, <code>x</code>, <code>y</code>,{' '}
          <code>log: x|y|xy</code>), a line <code>---</code>, then CSV: the first column is x, each further column a series.
        </p>
        <pre>{CHART_EXAMPLE}</pre>
      </details>
    </Help>
  );
}
