import { render, screen } from '@testing-library/react';

import { palettes } from '@/lib/theme/themes';
import { Button } from '@/ui';

import { contrast } from '../contrast';

/** The palette colour a `var(--color-…)` value names, in a theme. */
const resolve = (value: string, mode: 'light' | 'dark') => {
  const name = /var\(--color-([a-z-]+)\)/.exec(value)?.[1].replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());
  return palettes[mode][name as keyof (typeof palettes)['light']];
};

describe('buttons', () => {
  it.each(['primary', 'secondary', 'danger', 'ghost'] as const)('a disabled %s button looks unavailable, not like a paler enabled one', (variant) => {
    render(
      <>
        <Button $variant={variant}>Enabled</Button>
        <Button $variant={variant} disabled>
          Disabled
        </Button>
      </>,
    );
    const enabled = getComputedStyle(screen.getByRole('button', { name: 'Enabled' }));
    const disabled = getComputedStyle(screen.getByRole('button', { name: 'Disabled' }));
    expect(disabled.borderStyle).toBe('dashed');
    for (const mode of ['light', 'dark'] as const) {
      const text = resolve(disabled.color, mode);
      const background = resolve(disabled.background, mode);
      expect(text).toBe(palettes[mode].muted);
      expect(background).toBe(palettes[mode].surfaceAlt);
      // Other colours than the enabled button's, and still easy to read.
      expect(enabled.color === 'inherit' ? palettes[mode].text : resolve(enabled.color, mode)).not.toBe(text);
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
