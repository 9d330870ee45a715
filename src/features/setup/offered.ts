/** Set once the setup screen was offered in this tab, so that a staff member who leaves it is not sent back. */
const OFFERED_KEY = 'setup-offered';

export function setupOffered(): boolean {
  try {
    return window.sessionStorage.getItem(OFFERED_KEY) === '1';
  } catch {
    return false;
  }
}

export function markSetupOffered(): void {
  try {
    window.sessionStorage.setItem(OFFERED_KEY, '1');
  } catch {
    // Without session storage the screen is offered again on the next load: harmless.
  }
}
