import { act, render, screen } from '@testing-library/react';

import { NavigationProgress } from '@/app/layout/NavigationProgress';
import { trackScreenLoad } from '@/app/screenLoads';

describe('progress while the next screen’s code loads', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a bar across the top once a load has taken 200 ms, and removes it when the code is there', async () => {
    let arrive!: () => void;
    render(<NavigationProgress />);
    act(() => {
      void trackScreenLoad(new Promise<void>((resolve) => (arrive = resolve)));
    });
    act(() => jest.advanceTimersByTime(150));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60));
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    await act(async () => arrive());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows nothing for a quick load', async () => {
    render(<NavigationProgress />);
    await act(async () => {
      await trackScreenLoad(Promise.resolve());
      jest.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
