import { act, render, screen } from '@testing-library/react';

import { Typewriter } from '@/features/home/Typewriter';

const phrases = ['Quant', 'Risk'];

function renderTypewriter() {
  const { container } = render(<Typewriter phrases={phrases} />);
  const typed = container.querySelector('h2 > span[aria-hidden="true"]');
  return () => typed?.textContent;
}

/** Advances the clock in steps, letting React render (and schedule the next timer) after each. */
const wait = (ms: number, times = 1) => {
  for (let step = 0; step < times; step += 1) act(() => jest.advanceTimersByTime(ms));
};

describe('typewriter', () => {
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    window.matchMedia = originalMatchMedia;
  });

  it('types at 150 ms a character, pauses 2000 ms, deletes at 50 ms a character, then types the next phrase', () => {
    const typed = renderTypewriter();
    expect(typed()).toBe('');
    // [milliseconds per step, steps, the text shown after them]
    const timeline: [number, number, string][] = [
      [149, 1, ''],
      [1, 1, 'Q'],
      [150, 4, 'Quant'],
      [2000 - 1, 1, 'Quant'],
      [1, 1, 'Quant'],
      [50, 1, 'Quan'],
      [50, 3, 'Q'],
      [50, 1, ''],
      [150, 1, 'R'],
      [150, 3, 'Risk'],
      [2000, 1, 'Risk'],
      [50, 4, ''],
      [150, 1, 'Q'],
    ];
    for (const [ms, steps, shown] of timeline) {
      wait(ms, steps);
      expect(typed()).toBe(shown);
    }
  });

  it('gives assistive technology every phrase once instead of each keystroke', () => {
    renderTypewriter();
    expect(screen.getByRole('heading', { level: 2 })).toHaveAccessibleName('Quant, Risk');
    expect(screen.getByText('Quant, Risk')).toHaveClass('visually-hidden');
  });

  it('alternates whole phrases every 2000 ms when reduced motion is preferred', () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') })) as unknown as typeof window.matchMedia;
    const typed = renderTypewriter();
    expect(typed()).toBe('Quant');
    for (const [ms, shown] of [
      [1999, 'Quant'],
      [1, 'Risk'],
      [2000, 'Quant'],
    ] as const) {
      wait(ms);
      expect(typed()).toBe(shown);
    }
  });
});
