/** The session's tokens in local storage and the Remember-me cookie. */
export const ACCESS_KEY = 'access';
const REFRESH_KEY = 'refresh';
const REMEMBER_COOKIE = 'refresh_token';
const REMEMBER_DAYS = 30;

export const tokenStorage = {
  access: (): string | null => localStorage.getItem(ACCESS_KEY),
  /** The stored refresh token, or the remembered one when local storage lost it. */
  refresh: (): string | null => localStorage.getItem(REFRESH_KEY) ?? readCookie(REMEMBER_COOKIE),
  store(access: string, refresh?: string | null) {
    localStorage.setItem(ACCESS_KEY, access);
    if (!refresh) return;
    localStorage.setItem(REFRESH_KEY, refresh);
    // Refresh tokens rotate: a remembered one is replaced by its successor.
    if (readCookie(REMEMBER_COOKIE)) tokenStorage.remember(refresh);
  },
  clear() {
    localStorage.removeItem(ACCESS_KEY);
    localStorage.removeItem(REFRESH_KEY);
    document.cookie = `${REMEMBER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  },
  /** Remember me: keep the refresh token in a cookie for 30 days, path /, SameSite Lax. */
  remember(refresh: string) {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${REMEMBER_COOKIE}=${encodeURIComponent(refresh)}; Max-Age=${REMEMBER_DAYS * 24 * 3600}; Path=/; SameSite=Lax${secure}`;
  },
};

export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}
