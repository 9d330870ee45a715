import { captureAppTokenFromUrl, takeCapturedAppToken } from '@/lib/appToken';

describe('app token capture at startup', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('takes the token out of the app-login address before the app runs, and hands it out once', () => {
    window.history.replaceState({ idx: 0 }, '', '/app-login?token=abc123&lang=en#top');
    captureAppTokenFromUrl();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/app-login?lang=en#top');
    expect(window.history.state).toEqual({ idx: 0 });
    expect(takeCapturedAppToken()).toBe('abc123');
    expect(takeCapturedAppToken()).toBeNull();
  });

  it('leaves other pages alone', () => {
    window.history.replaceState(null, '', '/cv?token=keep');
    captureAppTokenFromUrl();
    expect(window.location.search).toBe('?token=keep');
    expect(takeCapturedAppToken()).toBeNull();
  });
});
