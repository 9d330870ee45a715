import { render } from '@testing-library/react';

import { CHART_SERIES_COLOURS } from '@/contract/chartColours';
import { palettes, paletteVariables } from '@/lib/theme/themes';
import { NoteProse } from '@/ui';

import { contrast } from '../contrast';

describe("a note's chart colours", () => {
  it.each(['light', 'dark'] as const)('stand out at 3:1 or more on the %s theme’s page and surfaces', (mode) => {
    for (const colour of CHART_SERIES_COLOURS[mode])
      for (const background of [palettes[mode].background, palettes[mode].surface])
        expect([colour, background, contrast(colour, background) >= 3]).toEqual([colour, background, true]);
  });

  it("give each series drawn in the light theme's colour the theme's own", () => {
    // As the server draws them: the light colours, and each element's series by class.
    const { container } = render(
      <NoteProse
        dangerouslySetInnerHTML={{
          __html: `<svg><path class="chart-stroke-1" stroke="${CHART_SERIES_COLOURS.light[0]}" fill="none"></path><path class="chart-fill-2" fill="${CHART_SERIES_COLOURS.light[1]}"></path></svg>`,
        }}
      />,
    );
    const [line, point] = [...container.querySelectorAll('path')];
    expect(getComputedStyle(line).stroke).toBe('var(--chart-series-1)');
    expect(getComputedStyle(point).fill).toBe('var(--chart-series-2)');
    for (const mode of ['light', 'dark'] as const) {
      expect(paletteVariables(mode)).toContain(`--chart-series-1: ${CHART_SERIES_COLOURS[mode][0]};`);
      expect(paletteVariables(mode)).toContain(`--chart-series-2: ${CHART_SERIES_COLOURS[mode][1]};`);
    }
  });
});
