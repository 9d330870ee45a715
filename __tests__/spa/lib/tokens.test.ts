import { readCookie, tokenStorage } from '@/lib/tokens';

describe('token storage', () => {
  it('keeps the tokens under the local-storage keys access and refresh', () => {
    tokenStorage.store('a1', 'r1');
    expect([localStorage.getItem('access'), localStorage.getItem('refresh')]).toEqual(['a1', 'r1']);
    tokenStorage.store('a2');
    expect([localStorage.getItem('access'), localStorage.getItem('refresh')]).toEqual(['a2', 'r1']);
  });

  it('remembers the refresh token in a cookie and keeps it current as tokens rotate', () => {
    tokenStorage.store('a1', 'r1');
    tokenStorage.remember('r1');
    expect(readCookie('refresh_token')).toBe('r1');
    tokenStorage.store('a2', 'r2');
    expect(readCookie('refresh_token')).toBe('r2');
    localStorage.removeItem('refresh');
    expect(tokenStorage.refresh()).toBe('r2');
  });

  it('does not set the cookie without Remember me, and clears everything on sign-out', () => {
    tokenStorage.store('a1', 'r1');
    expect(readCookie('refresh_token')).toBeNull();
    tokenStorage.remember('r1');
    tokenStorage.clear();
    expect([tokenStorage.access(), tokenStorage.refresh(), readCookie('refresh_token')]).toEqual([null, null, null]);
  });
});
