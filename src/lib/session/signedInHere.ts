/**
 * Whether the session began with a sign-in in this page (rather than being restored when the page
 * loaded): what follows a sign-in, such as the owner's setup, is offered then and not on every load.
 * Kept in memory, so a reload forgets it.
 */
let signedIn = false;

export const markSignedInHere = (): void => {
  signedIn = true;
};

export const signedInHere = (): boolean => signedIn;
