import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { FollowChoices } from '@/contract/follow';
import { EMAIL_CONFIRM_MESSAGES, FOLLOW_MESSAGES } from '@/contract/followRules';

import { notFollowing, server, url } from '../msw';
import { aUser, fakeJwt, renderApp, signedInAs } from '../render';

const CHOICES = '/api/follow/choices/';

function serve(choices: FollowChoices) {
  const saved: unknown[] = [];
  server.use(
    http.get(url('/api/users/profile/'), () => HttpResponse.json(aUser())),
    http.get(url('/api/users/sessions/'), () => HttpResponse.json([])),
    http.get(url('/api/users/passkeys/'), () => HttpResponse.json([])),
    http.get(url(CHOICES), () => HttpResponse.json(choices)),
    http.put(url(CHOICES), async ({ request }) => {
      const body = (await request.json()) as Omit<FollowChoices, 'email_confirmed' | 'following'>;
      saved.push(body);
      return HttpResponse.json({ ...body, email_confirmed: true, following: body.papers || body.notes || body.talks });
    }),
  );
  return saved;
}

async function openFollowCard() {
  localStorage.setItem('access', fakeJwt(600));
  renderApp({ route: '/profile', preloadedState: signedInAs(aUser()) });
  const card = await screen.findByRole('region', { name: 'Follow the research' }, { timeout: 3000 });
  return within(card);
}

describe('following the research from the profile', () => {
  it('chooses each kind separately and the digest instead of an email for each', async () => {
    const saved = serve(notFollowing);
    const user = userEvent.setup();
    const card = await openFollowCard();
    const papers = await card.findByRole('checkbox', { name: 'New papers' });
    expect(papers).not.toBeChecked();
    expect(card.getByRole('checkbox', { name: 'New notes' })).not.toBeChecked();
    expect(card.getByRole('checkbox', { name: 'New talks' })).not.toBeChecked();
    expect(card.getByRole('radio', { name: 'An email for each' })).toBeChecked();

    await user.click(papers);
    await user.click(card.getByRole('checkbox', { name: 'New notes' }));
    await user.click(card.getByRole('radio', { name: 'A weekly digest' }));
    await user.click(card.getByRole('button', { name: 'Save choices' }));
    expect(await card.findByRole('status')).toHaveTextContent(FOLLOW_MESSAGES.saved);
    expect(saved).toEqual([{ papers: true, notes: true, talks: false, digest: true }]);
    expect(card.getByRole('radio', { name: 'A weekly digest' })).toBeChecked();
  });

  it('stops following when no kind is chosen', async () => {
    const saved = serve({ papers: false, notes: true, talks: false, digest: false, email_confirmed: true, following: true });
    const user = userEvent.setup();
    const card = await openFollowCard();
    await user.click(await card.findByRole('checkbox', { name: 'New notes' }));
    await user.click(card.getByRole('button', { name: 'Save choices' }));
    expect(await card.findByRole('status')).toHaveTextContent(FOLLOW_MESSAGES.stopped);
    expect(saved).toEqual([{ papers: false, notes: false, talks: false, digest: false }]);
  });

  it('says why saving failed', async () => {
    serve(notFollowing);
    server.use(http.put(url(CHOICES), () => HttpResponse.json({ detail: FOLLOW_MESSAGES.emailUnconfirmed }, { status: 403 })));
    const user = userEvent.setup();
    const card = await openFollowCard();
    await user.click(await card.findByRole('checkbox', { name: 'New talks' }));
    await user.click(card.getByRole('button', { name: 'Save choices' }));
    expect(await card.findByRole('alert')).toHaveTextContent(`Your choices were not saved. ${FOLLOW_MESSAGES.emailUnconfirmed}`);
  });

  it('asks for the address to be confirmed first, and sends the link again', async () => {
    serve({ ...notFollowing, email_confirmed: false });
    let resent = 0;
    server.use(
      http.post(url('/api/users/confirm-email/resend/'), () => {
        resent += 1;
        return resent === 1
          ? HttpResponse.json({ detail: EMAIL_CONFIRM_MESSAGES.resent })
          : HttpResponse.json({ detail: EMAIL_CONFIRM_MESSAGES.tooMany(58) }, { status: 429 });
      }),
    );
    const user = userEvent.setup();
    const card = await openFollowCard();
    expect(await card.findByText(FOLLOW_MESSAGES.emailUnconfirmed)).toBeInTheDocument();
    expect(card.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Send the link again' }));
    expect(await card.findByText(EMAIL_CONFIRM_MESSAGES.resent)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Send the link again' }));
    expect(await card.findByRole('alert')).toHaveTextContent(`The link was not sent. ${EMAIL_CONFIRM_MESSAGES.tooMany(58)}`);
  });
});
