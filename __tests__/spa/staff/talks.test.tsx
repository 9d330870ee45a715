import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { TALK_MESSAGES } from '@/contract/talkRules';
import type { Talk, TalkInput } from '@/contract/talks';

import { server, url } from '../msw';
import { aPublication } from '../public/fixtures';
import { aTalk } from '../public/talkFixtures';
import { aStaffUser, renderApp, renderAsStaff, signedInAs } from '../render';
import { deleteAfterAsking, deletionRefused, editAbove, jsonBody, serveAddition, serveItemChanges, serveWrite } from '../writes';
import { aDocument } from './fixtures';

/** A backend holding talks (latest first, as the server lists them), the documents library and the publications. */
function serveTalks(initial: Talk[]) {
  const backend = { talks: [...initial] };
  server.use(
    http.get(url('/api/talks/'), () => HttpResponse.json(backend.talks)),
    http.get(url('/api/documents/documents/'), () => HttpResponse.json([aDocument({ id: 12, name: 'Slides, Bachelier 2026', category_name: 'Slides' })])),
    http.get(url('/api/publications/'), () => HttpResponse.json([aPublication({ id: 3 })])),
  );
  return backend;
}

const saved = (id: number, body: TalkInput): Talk => ({
  ...aTalk({ id }),
  ...body,
  type: body.type as Talk['type'],
  abstract_html: body.abstract ? `<p>${body.abstract}</p>` : '',
});

/** What the add form sends for the talk typed in. */
const added: TalkInput = {
  title: 'Rough volatility in practice',
  type: 'conference',
  date: '2026-07-08',
  event: 'Bachelier Congress',
  place: 'Rio de Janeiro',
  abstract: 'We price with $x$.',
  slides: 12,
  video: 'https://video.example.org/rough',
  paper: 3,
};

describe('talks (staff)', () => {
  it('is reached from the dashboard', async () => {
    server.use(http.get(url('/api/documents/downloads/'), () => HttpResponse.json({ weeks: [], documents: [] })));
    renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser()) });
    expect(await screen.findByRole('link', { name: 'Manage talks' })).toHaveAttribute('href', '/manage-talks');
  });

  it('adds a talk with slides from the documents library and a related paper, says so, and lists it', async () => {
    const backend = serveTalks([]);
    const sent = serveAddition('/api/talks/', backend.talks, (body) => saved(9, body as TalkInput));
    const { user } = renderAsStaff('/manage-talks');
    expect(await screen.findByText('No talks yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Talks' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Title/), 'Rough volatility in practice');
    await user.selectOptions(screen.getByLabelText(/^Type/), 'Conference talk');
    const date = screen.getByLabelText(/^Date/);
    await user.clear(date);
    await user.type(date, '2026-07-08');
    await user.type(screen.getByLabelText(/^Event/), 'Bachelier Congress');
    await user.type(screen.getByLabelText(/^Place/), 'Rio de Janeiro');
    await user.type(screen.getByLabelText(/^Abstract/), 'We price with $x$.');
    await user.selectOptions(await screen.findByLabelText(/^Slides/), await screen.findByRole('option', { name: 'Slides, Bachelier 2026 (Slides)' }));
    await user.type(screen.getByLabelText(/^Video/), 'https://video.example.org/rough');
    await user.selectOptions(
      screen.getByLabelText(/^Related paper/),
      await screen.findByRole('option', { name: 'Calibrating stochastic-local volatility with jumps (2019)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add talk' }));

    expect(await screen.findByText('Talk added.')).toBeInTheDocument();
    expect(sent).toEqual([added]);
    const row = (await screen.findByRole('cell', { name: 'Rough volatility in practice — Bachelier Congress' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('8 Jul 2026');
    expect(row).toHaveTextContent('Conference talk');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
  });

  it('says what the server refused and keeps what was typed', async () => {
    serveTalks([]);
    serveWrite('post', '/api/talks/', jsonBody, () => HttpResponse.json({ video: [TALK_MESSAGES.video] }, { status: 400 }));
    const { user } = renderAsStaff('/manage-talks');
    await screen.findByText('No talks yet.');
    await user.type(screen.getByLabelText(/^Title/), 'A talk');
    await user.type(screen.getByLabelText(/^Video/), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add talk' }));
    expect(await screen.findByText(`The talk was not added. ${TALK_MESSAGES.video}`)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('A talk');
  });

  it('edits a talk in the form above the list, and deletes one after asking', async () => {
    const existing = aTalk({ id: 1, date: '2026-07-08', slides: 12, paper: 3 });
    const backend = serveTalks([existing]);
    const { sent, deleted } = serveItemChanges('/api/talks/1/', backend.talks, (body) => saved(1, body as TalkInput));
    const { user } = renderAsStaff('/manage-talks');
    const title = await editAbove(user, 'Edit the talk "Rough volatility in practice" of 8 Jul 2026', 'Edit talk', /^Title/);
    expect(screen.getByLabelText(/^Abstract/)).toHaveValue(existing.abstract);
    await user.clear(title);
    await user.type(title, 'Rough volatility, revisited');
    await user.selectOptions(screen.getByLabelText(/^Slides/), 'None');
    await user.click(screen.getByRole('button', { name: 'Save talk' }));
    expect(await screen.findByText('Talk saved.')).toBeInTheDocument();
    // The edited talk is the added one with its own abstract and no video; it keeps every field but the new title and the slides.
    expect(sent).toEqual([{ ...added, title: 'Rough volatility, revisited', abstract: existing.abstract, slides: null, video: '' }]);
    expect(screen.getByRole('heading', { name: 'Add a talk' })).toBeInTheDocument();

    await screen.findByRole('cell', { name: 'Rough volatility, revisited — Bachelier Congress' });
    await deleteAfterAsking(user, deleted, 'Delete the talk "Rough volatility, revisited" of 8 Jul 2026', 'Talk deleted.');
    expect(await screen.findByText('No talks yet.')).toBeInTheDocument();
  });

  it('says when the talks cannot be loaded, and when a deletion fails, keeping the talk', async () => {
    server.use(
      http.get(url('/api/talks/'), () => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 })),
      http.get(url('/api/documents/documents/'), () => HttpResponse.json([])),
    );
    const first = renderAsStaff('/manage-talks');
    expect(await screen.findByText('Failed to load the talks. Down for maintenance.')).toBeInTheDocument();
    first.unmount();

    serveTalks([aTalk({ id: 1, date: '2026-07-08' })]);
    const { user } = renderAsStaff('/manage-talks');
    await deletionRefused(user, '/api/talks/1/', 'Delete the talk "Rough volatility in practice" of 8 Jul 2026', 'The talk was not deleted. Not found.');
    expect(screen.getByRole('cell', { name: 'Rough volatility in practice — Bachelier Congress' })).toBeInTheDocument();
  });
});
