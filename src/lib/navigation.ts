/** Full-page navigation, behind an object so tests can observe it (jsdom cannot navigate). */
export const browser = {
  assign(path: string): void {
    window.location.assign(path);
  },
};
