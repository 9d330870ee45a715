import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { FollowStatus } from '@/contract/follow';
import { EMAIL_CONFIRM_MESSAGES, FOLLOW_MESSAGES } from '@/contract/followRules';

import { server, url } from '../msw';
import { aStaffUser, aUser, renderApp, signedInAs } from '../render';
import { jsonBody, serveWrite } from '../writes';

const TOKEN = 'x'.repeat(43);
const requested = { detail: FOLLOW_MESSAGES.requested };

/** Records the bodies posted to `path` and answers each with `answer`. */
const posts = (path: string, answer: () => Response = () => HttpResponse.json(requested, { status: 202 })) => serveWrite('post', path, jsonBody, answer);

/** Opens the follow page and sends `address` from its form; answers the person and the page's main region. */
async function followFromPage(address: string) {
  const user = userEvent.setup();
  const { unmount } = renderApp({ route: '/follow' });
  await screen.findByRole('heading', { level: 1, name: 'Follow the research' });
  const main = within(screen.getByRole('main'));
  await user.type(main.getByLabelText('Email'), address);
  await user.click(main.getByRole('button', { name: 'Follow' }));
  return { user, main, unmount };
}

describe('following with an address alone', () => {
  it('offers in every page’s footer a plain form that works before the scripts run', async () => {
    renderApp({ route: '/about' });
    const footer = within(await screen.findByRole('contentinfo'));
    const email = footer.getByRole('textbox', { name: 'Follow the research' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toBeRequired();
    const form = email.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/follow/');
    expect(footer.getByRole('button', { name: 'Follow' })).toHaveAttribute('type', 'submit');
    expect(footer.getByRole('link', { name: 'More choices' })).toHaveAttribute('href', '/follow');
  });

  it('sends the address from the follow page and says to look in the inbox, clearing the field', async () => {
    const sent = posts('/api/follow/');
    const { main } = await followFromPage('  reader@example.org ');
    expect(await main.findByRole('status')).toHaveTextContent(FOLLOW_MESSAGES.requested);
    expect(sent).toEqual([{ email: 'reader@example.org' }]);
    expect(main.getByLabelText('Email')).toHaveValue('');
  });

  it('shows the server’s refusal of the address, and a network failure', async () => {
    posts('/api/follow/', () => HttpResponse.json({ email: [FOLLOW_MESSAGES.invalidEmail] }, { status: 400 }));
    const { user, main } = await followFromPage('a@localhost');
    expect(await main.findByRole('alert')).toHaveTextContent(FOLLOW_MESSAGES.invalidEmail);

    server.use(http.post(url('/api/follow/'), () => HttpResponse.error()));
    await user.click(main.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(main.getByRole('alert')).toHaveTextContent('Network error — please try again.'));
  });

  it('says what happened where the footer’s form leads', async () => {
    renderApp({ route: '/follow/requested' });
    expect(await screen.findByRole('status')).toHaveTextContent(FOLLOW_MESSAGES.requested);
  });

  it('names the refused address where the footer’s form leads with one', async () => {
    renderApp({ route: '/follow?invalid' });
    expect(await screen.findByRole('alert')).toHaveTextContent(FOLLOW_MESSAGES.invalidEmail);
  });

  it('says how long to wait past the limits on follow requests, from the form and where the footer’s form leads', async () => {
    posts('/api/follow/', () => HttpResponse.json({ detail: FOLLOW_MESSAGES.tooMany(42) }, { status: 429, headers: { 'Retry-After': '2500' } }));
    const { main, unmount } = await followFromPage('reader@example.org');
    expect(await main.findByRole('alert')).toHaveTextContent('Too many requests to follow were made just now. Try again in 42 minutes.');
    unmount();

    renderApp({ route: '/follow?busy=1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests to follow were made just now. Try again in 1 minute.');
  });

  it('sends a signed-in reader to the choices in the profile', async () => {
    renderApp({ route: '/follow', preloadedState: signedInAs(aUser()) });
    expect(await screen.findByRole('link', { name: 'Choose in your profile' })).toHaveAttribute('href', '/profile');
  });
});

describe('the emailed links', () => {
  it('confirms a follower once when the link is opened', async () => {
    const sent = posts('/api/follow/confirm/', () => HttpResponse.json({ detail: FOLLOW_MESSAGES.confirmed }));
    renderApp({ route: `/follow/confirm/${TOKEN}` });
    expect(await screen.findByText(FOLLOW_MESSAGES.confirmed)).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it('says when a confirmation link is no longer valid, and where to ask for a new one', async () => {
    posts('/api/follow/confirm/', () => HttpResponse.json({ detail: FOLLOW_MESSAGES.confirmInvalid }, { status: 400 }));
    renderApp({ route: `/follow/confirm/${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(FOLLOW_MESSAGES.confirmInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/follow');
  });

  it('stops the mail when the unsubscribe link is opened, without signing in, and says what was stopped', async () => {
    const detail = 'reader@example.org will get no more emails about new papers, notes and talks from Elias Northcote.';
    let calls = 0;
    server.use(
      http.post(url(`/unsubscribe/${TOKEN}`), ({ request }) => {
        calls += 1;
        expect(request.headers.get('authorization')).toBeNull();
        return HttpResponse.json({ detail, email: 'reader@example.org', kinds: ['papers', 'notes', 'talks'], digest: false });
      }),
    );
    renderApp({ route: `/unsubscribe/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow again' })).toHaveAttribute('href', '/follow');
    expect(calls).toBe(1);
  });

  it('says when an unsubscribe link is unknown, and offers to try again when the call failed', async () => {
    server.use(http.post(url(`/unsubscribe/${TOKEN}`), () => HttpResponse.json({ detail: FOLLOW_MESSAGES.unsubscribeInvalid }, { status: 404 })));
    const { unmount } = renderApp({ route: `/unsubscribe/${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(FOLLOW_MESSAGES.unsubscribeInvalid);
    unmount();

    let calls = 0;
    server.use(
      http.post(url(`/unsubscribe/${TOKEN}`), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ detail: 'Stopped.', email: 'a@example.org', kinds: [], digest: false });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: `/unsubscribe/${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error — please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Stopped.')).toBeInTheDocument();
  });

  it('confirms an account’s address from its link', async () => {
    const sent = posts('/api/users/confirm-email/', () => HttpResponse.json({ detail: EMAIL_CONFIRM_MESSAGES.confirmed }));
    renderApp({ route: '/confirm-email/MQ/abcdefabcdefabcdefabcdefabcdefab' });
    expect(await screen.findByText(EMAIL_CONFIRM_MESSAGES.confirmed)).toBeInTheDocument();
    expect(sent).toEqual([{ uidb64: 'MQ', token: 'abcdefabcdefabcdefabcdefabcdefab' }]);
  });
});

describe('followers on the staff dashboard', () => {
  const serveStatus = (status: FollowStatus) => {
    server.use(
      http.get(url('/api/documents/downloads/'), () => HttpResponse.json({ weeks: [], documents: [] })),
      http.get(url('/api/follow/status/'), () => HttpResponse.json(status)),
    );
  };

  it('shows how many follow, what the mail queue holds and how the last sending went', async () => {
    serveStatus({ followers: 12, waiting: 3, waiting_account: 1, last_send: { at: '2026-11-20T09:30:00.000Z', outcome: 'retrying', error: '451 Greylisted' } });
    renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser()) });
    const section = within(await screen.findByRole('region', { name: 'Followers' }));
    expect(await section.findByText('12')).toBeInTheDocument();
    const figures = section.getAllByRole('definition').map((node) => node.textContent);
    expect(figures[0]).toBe('12');
    expect(section.getAllByRole('term').map((node) => node.textContent)).toEqual(['Followers', 'Mail queue', 'Last sending']);
    expect(figures[1]).toBe('3 waiting (1 account email)');
    expect(figures[2]).toMatch(/^Not sent, .*; it will be tried again\. The mail server said: 451 Greylisted$/);
  });

  it('says when nothing was sent yet', async () => {
    serveStatus({ followers: 0, waiting: 0, waiting_account: 0, last_send: null });
    renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser()) });
    expect(await screen.findByText('Nothing sent yet.')).toBeInTheDocument();
    expect(screen.getByText('0 waiting (0 account emails)')).toBeInTheDocument();
  });
});
