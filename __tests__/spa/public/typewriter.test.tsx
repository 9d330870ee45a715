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
    wait(149);
    expect(typed()).toBe('');
    wait(1);
    expect(typed()).toBe('Q');
    wait(150, 4);
    expect(typed()).toBe('Quant');

    wait(2000 - 1);
    expect(typed()).toBe('Quant');
    wait(1);
    expect(typed()).toBe('Quant');
    wait(50);
    expect(typed()).toBe('Quan');
    wait(50, 3);
    expect(typed()).toBe('Q');
    wait(50);
    expect(typed()).toBe('');

    wait(150);
    expect(typed()).toBe('R');
    wait(150, 3);
    expect(typed()).toBe('Risk');
    wait(2000);
    wait(50, 4);
    expect(typed()).toBe('');
    wait(150);
    expect(typed()).toBe('Q');
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
    wait(1999);
    expect(typed()).toBe('Quant');
    wait(1);
    expect(typed()).toBe('Risk');
    wait(2000);
    expect(typed()).toBe('Quant');
  });
});
