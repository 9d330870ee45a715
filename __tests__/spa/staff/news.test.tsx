import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { NewsItem } from '@/contract/news';
import { NEWS_MESSAGES } from '@/contract/newsRules';

import { server, url } from '../msw';
import { renderAsStaff } from '../render';
import { deleteAfterAsking, deletionRefused, editAbove, jsonBody, serveAddition, serveItemChanges, serveWrite } from '../writes';

/** A backend holding news items, newest first, as the server lists them. */
function serveNews(initial: NewsItem[]) {
  const backend = { items: [...initial] };
  server.use(http.get(url('/api/news/'), () => HttpResponse.json(backend.items)));
  return backend;
}

const HINT = 'One or two sentences. Markdown within the line: *emphasis*, [a link](/research/…), $x^2$ for mathematics.';

const paperAccepted: NewsItem = {
  id: 1,
  date: '2026-11-20',
  text: 'Paper accepted at the Journal of Finance.',
  html: 'Paper accepted at the Journal of Finance.',
  link: 'https://doi.org/10.1111/jofi.1',
  updated_at: '2026-11-20T09:00:00.000Z',
};

describe('news (staff)', () => {
  it('adds a news item: sends the date, text and link, says so, and lists it', async () => {
    const backend = serveNews([]);
    const sent = serveAddition('/api/news/', backend.items, (body) => ({ id: 7, ...(body as Omit<NewsItem, 'id' | 'html'>), html: (body as NewsItem).text }));
    const { user } = renderAsStaff('/manage-news');
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
    const date = screen.getByLabelText(/^Date/);
    await user.clear(date);
    await user.type(date, '2026-10-02');
    await user.type(screen.getByLabelText(/^What happened/), 'Talk at the Oxford-Man Institute.');
    expect(screen.getByLabelText(/^What happened/)).toHaveAccessibleDescription(`${HINT} 33 of 280 characters`);
    await user.click(screen.getByRole('button', { name: 'Add news item' }));

    expect(await screen.findByText('News item added.')).toBeInTheDocument();
    expect(sent).toEqual([{ date: '2026-10-02', text: 'Talk at the Oxford-Man Institute.', link: '' }]);
    expect(await screen.findByRole('cell', { name: 'Talk at the Oxford-Man Institute.' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^What happened/)).toHaveValue('');
  });

  it('keeps a paste past the limit whole, counts how far over it is, and says what the server refused', async () => {
    serveNews([]);
    const sent = serveWrite('post', '/api/news/', jsonBody, () => HttpResponse.json({ text: [NEWS_MESSAGES.textTooLong] }, { status: 400 }));
    const { user } = renderAsStaff('/manage-news');
    await screen.findByText('No news yet.');
    const text = screen.getByLabelText(/^What happened/);
    expect(text).not.toHaveAttribute('maxlength');
    await user.click(text);
    const pasted = 'x'.repeat(3_000);
    await user.paste(pasted);
    expect(text).toHaveValue(pasted);
    expect(text).toHaveAccessibleDescription(`${HINT} 3,000 of 280 characters: 2,720 too many`);
    await user.click(screen.getByRole('button', { name: 'Add news item' }));
    expect(await screen.findByText(`The news item was not added. ${NEWS_MESSAGES.textTooLong}`)).toBeInTheDocument();
    expect(sent).toEqual([{ date: expect.any(String), text: pasted, link: '' }]);
    expect(text).toHaveValue(pasted);
  });

  it('takes a link to a page of the site, which the form does not refuse as a web address', async () => {
    serveNews([]);
    const sent = serveWrite('post', '/api/news/', jsonBody, (body) => HttpResponse.json({ id: 8, ...(body as object), html: 'A talk.' }, { status: 201 }));
    const { user } = renderAsStaff('/manage-news');
    await screen.findByText('No news yet.');
    await user.type(screen.getByLabelText(/^What happened/), 'A talk.');
    const link = screen.getByLabelText(/^Link/);
    expect(link).toHaveAccessibleDescription('A page of this site (/research/…, /notes/…) or of another.');
    await user.type(link, '/research/northcote2019slv');
    expect(link).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Add news item' }));
    expect(await screen.findByText('News item added.')).toBeInTheDocument();
    expect(sent).toEqual([{ date: expect.any(String), text: 'A talk.', link: '/research/northcote2019slv' }]);
  });

  it('says what the server refused and keeps what was typed', async () => {
    serveNews([]);
    serveWrite('post', '/api/news/', jsonBody, () => HttpResponse.json({ link: [NEWS_MESSAGES.link] }, { status: 400 }));
    const { user } = renderAsStaff('/manage-news');
    await screen.findByText('No news yet.');
    await user.type(screen.getByLabelText(/^What happened/), 'A talk.');
    await user.type(screen.getByLabelText(/^Link/), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add news item' }));
    expect(await screen.findByText(`The news item was not added. ${NEWS_MESSAGES.link}`)).toBeInTheDocument();
    expect(screen.getByLabelText(/^What happened/)).toHaveValue('A talk.');
  });

  it('edits an item in the form above the list, and deletes one after asking', async () => {
    const backend = serveNews([paperAccepted]);
    const { sent, deleted } = serveItemChanges('/api/news/1/', backend.items, (body) => ({ id: 1, ...(body as Omit<NewsItem, 'id'>) }));
    const { user } = renderAsStaff('/manage-news');
    const text = await editAbove(user, 'Edit the news item of 20 Nov 2026', 'Edit news item', /^What happened/);
    await user.clear(text);
    await user.type(text, 'Paper published in the Journal of Finance.');
    await user.click(screen.getByRole('button', { name: 'Save news item' }));
    expect(await screen.findByText('News item saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ date: '2026-11-20', text: 'Paper published in the Journal of Finance.', link: 'https://doi.org/10.1111/jofi.1' }]);
    expect(screen.getByRole('heading', { name: 'Add news' })).toBeInTheDocument();

    await screen.findByRole('cell', { name: 'Paper published in the Journal of Finance.' });
    await deleteAfterAsking(user, deleted, 'Delete the news item of 20 Nov 2026', 'News item deleted.');
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
  });

  it('says when the news cannot be loaded, and when a save or a deletion fails, keeping the item', async () => {
    server.use(http.get(url('/api/news/'), () => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 })));
    const first = renderAsStaff('/manage-news');
    expect(await screen.findByText('Failed to load the news. Down for maintenance.')).toBeInTheDocument();
    first.unmount();

    serveNews([paperAccepted]);
    serveWrite('patch', '/api/news/1/', jsonBody, () => HttpResponse.json({ date: [NEWS_MESSAGES.date] }, { status: 400 }));
    const { user } = renderAsStaff('/manage-news');
    await user.click(await screen.findByRole('button', { name: 'Edit the news item of 20 Nov 2026' }));
    await user.click(screen.getByRole('button', { name: 'Save news item' }));
    expect(await screen.findByText(`The news item was not saved. ${NEWS_MESSAGES.date}`)).toBeInTheDocument();
    expect(screen.getByLabelText(/^What happened/)).toHaveValue(paperAccepted.text);

    await deletionRefused(user, '/api/news/1/', 'Delete the news item of 20 Nov 2026', 'The news item was not deleted. Not found.');
    expect(screen.getByRole('cell', { name: paperAccepted.text })).toBeInTheDocument();
  });
});
