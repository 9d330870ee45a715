import { paths } from '@/contract/paths';

let captured: string | null = null;

/** Removes `token` from the visible address, keeping the router's history state. */
export function removeAppTokenFromAddressBar(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Runs before anything else at startup: the one-time app token a native wrapper put in the
 * address of the app-login page is taken into memory and removed from the address bar, so it
 * never lingers in history, logs of later requests or a shared screenshot.
 */
export function captureAppTokenFromUrl(): void {
  if (window.location.pathname !== paths.appLogin) return;
  captured = new URLSearchParams(window.location.search).get('token');
  removeAppTokenFromAddressBar();
}

/** The captured token, handed out once. */
export function takeCapturedAppToken(): string | null {
  const token = captured;
  captured = null;
  return token;
}
