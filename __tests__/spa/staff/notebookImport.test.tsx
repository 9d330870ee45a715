import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { NotebookPreview } from '@/contract/notebooks';
import type { StaffNote } from '@/contract/notes';

import { server, url } from '../msw';
import { renderAsStaff } from '../render';
import { aFile, formFields } from './fixtures';
import { serveWrite } from './writes';

const aPreview = (overrides: Partial<NotebookPreview> = {}): NotebookPreview => ({
  title: 'Momentum in equities',
  html: '<p>Rendered from the cells.</p><blockquote><p><strong>Picture:</strong> Equity curve</p></blockquote>',
  problems: [],
  reading_minutes: 2,
  kernel: 'Python 3 (ipykernel)',
  last_run: null,
  pictures: 1,
  ...overrides,
});

const theNote: StaffNote = {
  id: 7,
  title: 'Momentum, revisited',
  slug: 'momentum-revisited',
  summary: '',
  tags: [],
  cover_image: null,
  body: 'Rendered from the cells.',
  status: 'draft',
  publish_at: null,
  published_at: null,
  updated_at: '2026-03-01T10:00:00.000Z',
  revision: 1,
  old_slugs: [],
};

const ipynb = () => aFile('momentum.ipynb', 'application/x-ipynb+json', '{"nbformat": 4}');

function serveList() {
  server.use(
    http.get(url('/api/notes/manage/'), () => HttpResponse.json([])),
    http.get(url('/api/notes/manage/:id/'), () => HttpResponse.json(theNote)),
    http.get(url('/api/notes/manage/:id/revisions/'), () => HttpResponse.json([])),
    http.get(url('/api/photos/images/'), () => HttpResponse.json([])),
    http.post(url('/api/notes/preview/'), () => HttpResponse.json({ html: '<p>x</p>', problems: [], reading_minutes: 1 })),
  );
}

describe('notes screen: a new note from a notebook', () => {
  it('previews the notebook, takes its title, and saves a draft that opens in the editor', async () => {
    serveList();
    const previews = serveWrite('post', '/api/notes/manage/notebook/preview/', formFields, () => HttpResponse.json(aPreview()));
    const creates = serveWrite('post', '/api/notes/manage/notebook/', formFields, () => HttpResponse.json(theNote, { status: 201 }));
    const { user } = renderAsStaff('/manage-notes');

    await user.click(await screen.findByRole('button', { name: 'New note from a notebook' }));
    const region = screen.getByRole('region', { name: 'New note from a notebook' });
    await user.upload(within(region).getByLabelText('Notebook (.ipynb)'), ipynb());
    expect(await within(region).findByText('Rendered from the cells.')).toBeInTheDocument();
    expect(within(region).getByText(/Kernel: Python 3 \(ipykernel\)\. 1 picture go/)).toBeInTheDocument();
    expect(previews).toEqual([{ file: 'file:momentum.ipynb', hide_code: 'false' }]);
    // Nothing is saved by the preview.
    expect(creates).toEqual([]);

    const title = within(region).getByLabelText('Title');
    expect(title).toHaveValue('Momentum in equities');
    await user.clear(title);
    await user.type(title, 'Momentum, revisited');
    await user.click(within(region).getByLabelText('Hide all code'));
    await waitFor(() => expect(previews).toHaveLength(2));
    expect(previews[1]).toEqual({ file: 'file:momentum.ipynb', hide_code: 'true' });

    await user.click(await within(region).findByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(creates).toEqual([{ file: 'file:momentum.ipynb', hide_code: 'true', title: 'Momentum, revisited' }]));
    expect(await screen.findByDisplayValue('Momentum, revisited')).toBeInTheDocument();
  });

  it('lists what is wrong with the notebook by cell and offers no save', async () => {
    serveList();
    serveWrite('post', '/api/notes/manage/notebook/preview/', formFields, () =>
      HttpResponse.json({ file: ['Cell 12: output of type image/png is not base64.'] }, { status: 400 }),
    );
    const { user } = renderAsStaff('/manage-notes');
    await user.click(await screen.findByRole('button', { name: 'New note from a notebook' }));
    const region = screen.getByRole('region', { name: 'New note from a notebook' });
    await user.upload(within(region).getByLabelText('Notebook (.ipynb)'), ipynb());
    expect(await within(region).findByText('Cell 12: output of type image/png is not base64.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Save as draft' })).not.toBeInTheDocument();
  });
});
