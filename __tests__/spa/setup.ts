import '@testing-library/jest-dom';

import { server } from './msw';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  document.cookie.split('; ').forEach((c) => {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
  document.documentElement.className = '';
});
afterAll(() => server.close());

// jsdom has neither smooth scrolling nor <dialog> methods; the app only needs them not to throw.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
