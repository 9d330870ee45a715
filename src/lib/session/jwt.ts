import { jwtDecode } from 'jwt-decode';

/** Validity judged on the client only, by comparing exp (seconds) with now. Throws when undecodable. */
export function isAccessTokenValid(token: string, now = Date.now()): boolean {
  const { exp } = jwtDecode<{ exp?: number }>(token);
  return typeof exp === 'number' && exp * 1000 > now;
}
