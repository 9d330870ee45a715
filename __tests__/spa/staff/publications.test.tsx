import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { ImportPlan, ListedPublication } from '@/contract/publications';
import { IMPORT_MESSAGES } from '@/features/managePublications/importMessages';
import { PUBLICATIONS_MESSAGES } from '@/features/managePublications/PublicationsPage';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';

import { server, url } from '../msw';
import { aPublication } from '../public/fixtures';
import { aStaffUser, aUser, renderApp, signedInAs } from '../render';
import { aDocument } from './fixtures';

const BIB = '@article{northcote2019slv, title = {Calibrating}}\n@misc{new2026, title = {Rough paths}}';
const first = aPublication({ id: 1 });
const second = aPublication({ id: 2, cite_key: 'new2026', title: 'Rough paths', title_text: 'Rough paths', title_html: 'Rough paths', year: 2026 });
const plan: ImportPlan = {
  added: [{ cite_key: 'new2026', title: 'Rough paths' }],
  updated: [{ cite_key: 'northcote2019slv', title: 'Calibrating stochastic-local volatility with jumps', changes: ['title', 'year'] }],
  unchanged: [],
};

/** The screen's calls, with a list that the mutations change as the server would; bodies recorded. */
function serveScreen(initial: ListedPublication[] = [first, second]) {
  let list = initial;
  const calls: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? null : await request.json();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body as Record<string, unknown>;
  };
  server.use(
    http.get(url('/api/publications/'), () => HttpResponse.json(list)),
    http.get(url('/api/documents/documents/'), () => HttpResponse.json([aDocument({ id: 100, name: 'Paper PDF', category_name: 'Papers' })])),
    http.post(url('/api/publications/import/preview/'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(plan);
    }),
    http.post(url('/api/publications/import/'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(plan);
    }),
    http.patch(url('/api/publications/:id/'), async ({ request, params }) => {
      const change = await record(request);
      list = list.map((entry) => (entry.id === Number(params.id) ? { ...entry, ...change } : entry));
      return HttpResponse.json(list.find((entry) => entry.id === Number(params.id)));
    }),
    http.put(url('/api/publications/order/'), async ({ request }) => {
      const { ids } = (await record(request)) as { ids: number[] };
      list = ids.map((id) => list.find((entry) => entry.id === id) as ListedPublication);
      return HttpResponse.json(list);
    }),
    http.delete(url('/api/publications/:id/'), async ({ request, params }) => {
      await record(request);
      list = list.filter((entry) => entry.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const openScreen = async () => {
  renderApp({ route: '/publications', preloadedState: signedInAs(aStaffUser()) });
  await screen.findByRole('heading', { name: 'Publications', level: 1 });
};
const onTheSite = () => within(screen.getByRole('region', { name: 'On the site' }));
const importForm = () => within(screen.getByRole('region', { name: 'Import BibTeX' }));
const row = (name: string) => within(screen.getByRole('listitem', { name }));

/** Opens the screen and ticks the box `label` of the first entry; answers the calls made, once the box shows the server's yes. */
async function tickOnFirst(label: string) {
  const calls = serveScreen();
  await openScreen();
  await screen.findByRole('listitem', { name: first.title });
  await userEvent.click(row(first.title).getByLabelText(label));
  expect(await screen.findByText(PUBLICATIONS_MESSAGES.updated)).toBeInTheDocument();
  await waitFor(() => expect(row(first.title).getByLabelText(label)).toBeChecked());
  return calls;
}

describe('the publications screen', () => {
  it('checks an import first, shows what it adds and changes, then imports it', async () => {
    const calls = serveScreen();
    await openScreen();
    await userEvent.type(
      importForm().getByLabelText('BibTeX'),
      BIB.replace(/[{[]/g, (c) => c + c),
    );
    await userEvent.click(importForm().getByRole('button', { name: 'Check import' }));
    const will = await screen.findByLabelText('What the import will do');
    expect(within(will).getByRole('heading', { name: 'Will add 1' })).toBeInTheDocument();
    expect(within(will).getByText(/Calibrating stochastic-local volatility with jumps/)).toHaveTextContent('northcote2019slv: title, year');
    expect(calls).toEqual([{ method: 'POST', path: '/api/publications/import/preview/', body: { bibtex: BIB } }]);

    await userEvent.click(within(will).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 1 added, 1 updated.')).toBeInTheDocument();
    expect(calls[1]).toEqual({ method: 'POST', path: '/api/publications/import/', body: { bibtex: BIB } });
    expect(importForm().getByLabelText('BibTeX')).toHaveValue('');
    expect(screen.queryByLabelText('What the import will do')).not.toBeInTheDocument();
  });

  it('asks for a file or text before checking anything', async () => {
    const calls = serveScreen();
    await openScreen();
    await userEvent.click(importForm().getByRole('button', { name: 'Check import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.noText);
    expect(calls).toEqual([]);
  });

  it('lists each problem of a malformed file with its line, and imports nothing', async () => {
    serveScreen();
    server.use(
      http.post(url('/api/publications/import/preview/'), () =>
        HttpResponse.json(
          { bibtex: ['Line 3, entry "b": "=" is missing after field "title" on line 4.', 'Line 9: citation key "a" is used twice (first on line 1).'] },
          { status: 400 },
        ),
      ),
    );
    await openScreen();
    await userEvent.type(importForm().getByLabelText('BibTeX'), 'broken');
    await userEvent.click(importForm().getByRole('button', { name: 'Check import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IMPORT_MESSAGES.checkFailed);
    expect(alert).toHaveTextContent('Line 3, entry "b": "=" is missing after field "title" on line 4.');
    expect(alert).toHaveTextContent('Line 9: citation key "a" is used twice (first on line 1).');
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('says when every entry is already on the site, and when the server cannot be reached', async () => {
    serveScreen();
    server.use(http.post(url('/api/publications/import/preview/'), () => HttpResponse.json({ added: [], updated: [], unchanged: ['a'] }), { once: true }));
    await openScreen();
    await userEvent.type(importForm().getByLabelText('BibTeX'), 'same');
    await userEvent.click(importForm().getByRole('button', { name: 'Check import' }));
    expect(await screen.findByText(IMPORT_MESSAGES.nothingToDo)).toBeInTheDocument();

    server.use(http.post(url('/api/publications/import/preview/'), () => HttpResponse.error()));
    await userEvent.click(importForm().getByRole('button', { name: 'Check import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${IMPORT_MESSAGES.checkFailed} ${NETWORK_ERROR_MESSAGE}`);
  });

  it('marks a working paper and attaches a paper from the documents', async () => {
    const calls = await tickOnFirst('Working paper');
    await userEvent.selectOptions(row(first.title).getByLabelText('Attached paper'), 'Paper PDF (Papers)');
    await waitFor(() => expect(row(first.title).getByLabelText('Attached paper')).toHaveValue('100'));
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', '/api/publications/1/', { is_working_paper: true }],
      ['PATCH', '/api/publications/1/', { document: 100 }],
    ]);
  });

  it('edits an entry through its BibTeX and shows the server’s reason when it is refused', async () => {
    serveScreen();
    server.use(
      http.patch(
        url('/api/publications/1/'),
        () => HttpResponse.json({ bibtex: ['The citation key cannot change (it was "northcote2019slv").'] }, { status: 400 }),
        {
          once: true,
        },
      ),
    );
    await openScreen();
    await screen.findByRole('listitem', { name: first.title });
    await userEvent.click(row(first.title).getByRole('button', { name: `Edit BibTeX of ${first.title}` }));
    const editor = within(screen.getByRole('form', { name: `BibTeX of ${first.title}` }));
    await userEvent.clear(editor.getByLabelText('BibTeX entry'));
    await userEvent.type(editor.getByLabelText('BibTeX entry'), '@article{{other, title = {{X}}');
    await userEvent.click(editor.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${PUBLICATIONS_MESSAGES.updateFailed} The citation key cannot change (it was "northcote2019slv").`,
    );
    expect(screen.getByRole('form', { name: `BibTeX of ${first.title}` })).toBeInTheDocument();

    await userEvent.click(editor.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText(PUBLICATIONS_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: `BibTeX of ${first.title}` })).not.toBeInTheDocument());
  });

  it('moves an entry down and deletes one after confirmation', async () => {
    const calls = serveScreen([first, { ...second, year: first.year }]);
    await openScreen();
    await screen.findByRole('listitem', { name: first.title });
    expect(row(first.title).getByRole('button', { name: `Move up: ${first.title}` })).toBeDisabled();
    await userEvent.click(row(first.title).getByRole('button', { name: `Move down: ${first.title}` }));
    expect(await screen.findByText(PUBLICATIONS_MESSAGES.moved)).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/publications/order/', body: { ids: [2, 1] } });
    await waitFor(() =>
      expect(
        onTheSite()
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual([second.title, first.title]),
    );

    await userEvent.click(row(second.title).getByRole('button', { name: `Delete ${second.title}` }));
    await userEvent.click(row(second.title).getByRole('button', { name: `Confirm delete: ${second.title}` }));
    expect(await screen.findByText(PUBLICATIONS_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: second.title })).not.toBeInTheDocument());
  });

  it('says that the list runs by year and moves an entry only among the papers of its year', async () => {
    const paper = (id: number, title: string, year: number) => aPublication({ id, cite_key: title, title, title_text: title, title_html: title, year });
    const calls = serveScreen([paper(1, 'Newest', 2026), paper(2, 'B', 2019), paper(3, 'C', 2019), paper(4, 'D', 2019)]);
    await openScreen();
    expect(screen.getByText(/Papers are listed by year, newest first; within a year, in the order you set here\./)).toBeInTheDocument();
    await screen.findByRole('listitem', { name: 'Newest' });
    const button = (name: string, move: 'up' | 'down') => row(name).getByRole('button', { name: `Move ${move}: ${name}` });
    expect(button('Newest', 'up')).toBeDisabled();
    expect(button('Newest', 'down')).toBeDisabled();
    expect(button('B', 'up')).toBeDisabled();
    expect(button('D', 'down')).toBeDisabled();
    await userEvent.click(button('C', 'up'));
    expect(await screen.findByText(PUBLICATIONS_MESSAGES.moved)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: '/api/publications/order/', body: { ids: [1, 3, 2, 4] } }]);
  });

  it('keeps the focus on the moved entry’s button, or on the other one when the entry reaches the end of its year', async () => {
    const paper = (id: number, title: string) => aPublication({ id, cite_key: title, title, title_text: title, title_html: title, year: 2019 });
    serveScreen([paper(1, 'A'), paper(2, 'B'), paper(3, 'C')]);
    await openScreen();
    await screen.findByRole('listitem', { name: 'A' });
    const button = (move: 'up' | 'down') => row('A').getByRole('button', { name: `Move ${move}: A` });
    const order = () =>
      onTheSite()
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));

    await userEvent.click(button('down'));
    await waitFor(() => expect(order()).toEqual(['B', 'A', 'C']));
    await waitFor(() => expect(button('down')).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(order()).toEqual(['B', 'C', 'A']));
    await waitFor(() => expect(button('up')).toHaveFocus());
    expect(button('down')).toBeDisabled();

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(order()).toEqual(['B', 'A', 'C']));
    await waitFor(() => expect(button('up')).toHaveFocus());
  });

  it('marks a paper for the home page', async () => {
    const calls = await tickOnFirst('Selected for the home page');
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/publications/1/', body: { selected: true } }]);
  });

  it('says when there are no publications yet', async () => {
    serveScreen([]);
    await openScreen();
    expect(await screen.findByText('No publications yet. Import a BibTeX file to add them.')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    serveScreen();
    server.use(http.get(url('/api/publications/'), () => HttpResponse.error()));
    await openScreen();
    expect(await screen.findByText(`${PUBLICATIONS_MESSAGES.loadFailed} ${NETWORK_ERROR_MESSAGE}`)).toBeInTheDocument();
  });

  it('is not shown to signed-in visitors who are not staff', async () => {
    server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json([])));
    const { router } = renderApp({ route: '/publications', preloadedState: signedInAs(aUser()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
