import '@testing-library/jest-dom';

import { configure } from '@testing-library/react';

import { server } from './msw';

// A screen's first render loads its lazy chunk, compiled on first use: on a loaded two-core machine that
// took more than Testing Library's default second. A wait that fails still fails, later.
configure({ asyncUtilTimeout: 5000 });

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
