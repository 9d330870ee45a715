import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { NotebookPreview } from '@/contract/notebooks';
import type { StaffNote } from '@/contract/notes';

import { server, url } from '../msw';
import { renderAsStaff } from '../render';
import { serveWrite } from '../writes';
import { aFile, formFields } from './fixtures';

const aPreview = (overrides: Partial<NotebookPreview> = {}): NotebookPreview => ({
  title: 'Momentum in equities',
  html: '<p>Rendered from the cells.</p><blockquote><p><strong>Picture:</strong> Equity curve</p></blockquote>',
  problems: [],
  reading_minutes: 2,
  kernel: 'Python 3 (ipykernel)',
  last_run: null,
  figures: [{ number: 1, cell: 3, output: 1, attachment: null, type: 'image/png', alt: 'Equity curve' }],
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
    // The editor's copy of unsaved changes: none kept yet, and each kept or dropped.
    http.get(url('/api/notes/manage/:id/autosave/'), () => new HttpResponse(null, { status: 204 })),
    http.put(url('/api/notes/manage/:id/autosave/'), () => HttpResponse.json({ saved_at: new Date().toISOString() })),
    http.delete(url('/api/notes/manage/:id/autosave/'), () => new HttpResponse(null, { status: 204 })),
  );
}

/** A notebook whose fifth cell draws a picture the notebook does not describe. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const undescribedNotebook = () =>
  aFile(
    'momentum.ipynb',
    'application/x-ipynb+json',
    JSON.stringify({
      nbformat: 4,
      cells: [0, 1, 2, 3]
        .map(() => ({ cell_type: 'markdown', source: 'x' }))
        .concat([{ cell_type: 'code', outputs: [{ data: { 'image/png': PIXEL } }] } as never]),
    }),
  );
const withUndescribedFigure = () =>
  aPreview({
    figures: [
      { number: 1, cell: 3, output: 1, attachment: null, type: 'image/png', alt: 'Equity curve' },
      { number: 2, cell: 5, output: 1, attachment: null, type: 'image/png', alt: null },
    ],
  });

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
    // The notebook describes its one figure: nothing is asked.
    expect(within(region).queryByRole('group', { name: 'Describe the figures' })).not.toBeInTheDocument();
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
    // The editor is a lazy screen: it may take a moment to load on a busy machine.
    const editor = await screen.findByRole('form', { name: 'Note' }, { timeout: 10_000 });
    expect(within(editor).getByDisplayValue('Momentum, revisited')).toBeInTheDocument();
  });

  it('asks for the alt text of each figure the notebook does not describe, tied to its field, and sends it by cell and output', async () => {
    serveList();
    serveWrite('post', '/api/notes/manage/notebook/preview/', formFields, () => HttpResponse.json(withUndescribedFigure()));
    let refuse = true;
    const creates = serveWrite('post', '/api/notes/manage/notebook/', formFields, () =>
      refuse
        ? HttpResponse.json({ 'alt.2': ['Figure 2 (cell 5): alt text is at most 1,000 characters.'] }, { status: 400 })
        : HttpResponse.json(theNote, { status: 201 }),
    );
    const { user } = renderAsStaff('/manage-notes');
    await user.click(await screen.findByRole('button', { name: 'New note from a notebook' }));
    const region = screen.getByRole('region', { name: 'New note from a notebook' });
    await user.upload(within(region).getByLabelText('Notebook (.ipynb)'), undescribedNotebook());

    const group = await within(region).findByRole('group', { name: 'Describe the figures' });
    // Only the figure without alt text is asked for, with its picture read from the file.
    const field = within(group).getByRole('textbox');
    expect(field).toHaveAccessibleName('Describe figure 2 (cell 5)');
    await waitFor(() => expect(group.querySelector('img')).toHaveAttribute('src', `data:image/png;base64,${PIXEL}`));

    // Saving without it is refused here, the message read with the field, which takes the focus.
    await user.click(within(region).getByRole('button', { name: 'Save as draft' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Figure 2 (cell 5) has no alt text'));
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(region).getByRole('alert')).toHaveTextContent('Describe every figure before saving');
    expect(creates).toEqual([]);

    await user.type(field, 'Monthly returns, mostly between -2% and 3%');
    await user.click(within(region).getByRole('button', { name: 'Save as draft' }));
    // A refusal of the server by figure is shown at the figure's field.
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('at most 1,000 characters')));
    expect(creates).toEqual([
      {
        file: 'file:momentum.ipynb',
        hide_code: 'false',
        title: 'Momentum in equities',
        alt: JSON.stringify([{ cell: 5, output: 1, alt: 'Monthly returns, mostly between -2% and 3%' }]),
      },
    ]);
    refuse = false;
    await user.click(within(region).getByRole('button', { name: 'Save as draft' }));
    // The editor is a lazy screen: it may take a moment to load on a busy machine.
    const editor = await screen.findByRole('form', { name: 'Note' }, { timeout: 10_000 });
    expect(within(editor).getByDisplayValue('Momentum, revisited')).toBeInTheDocument();
  });

  it("replaces a saved note's body from a notebook with the same preview, once its edits are saved", async () => {
    serveList();
    serveWrite('post', '/api/notes/manage/notebook/preview/', formFields, () => HttpResponse.json(withUndescribedFigure()));
    const replaced: StaffNote = { ...theNote, body: 'Made again from the cells.', revision: 2 };
    const replaces = serveWrite('put', '/api/notes/manage/7/notebook/', formFields, () => HttpResponse.json(replaced));
    const { user } = renderAsStaff('/manage-notes/7');
    const body = await screen.findByLabelText('Body');
    await user.click(screen.getByRole('button', { name: 'Replace from a notebook' }));
    const region = screen.getByRole('region', { name: 'Replace from a notebook' });
    await user.upload(within(region).getByLabelText('Notebook (.ipynb)'), undescribedNotebook());
    await within(region).findByRole('group', { name: 'Describe the figures' });
    // The note keeps its title: none is asked for.
    expect(within(region).queryByLabelText('Title')).not.toBeInTheDocument();
    await user.type(within(region).getByLabelText('Describe figure 2 (cell 5)'), 'Monthly returns');

    // Unsaved edits in the editor would be lost: replacing waits for them to be saved or discarded.
    await user.type(body, ' More.');
    expect(within(region).getByRole('button', { name: 'Replace the body' })).toBeDisabled();
    expect(within(region).getByText('Save or discard your edits to the note first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));

    await user.click(within(region).getByRole('button', { name: 'Replace the body' }));
    await waitFor(() =>
      expect(replaces).toEqual([
        { file: 'file:momentum.ipynb', hide_code: 'false', alt: JSON.stringify([{ cell: 5, output: 1, alt: 'Monthly returns' }]), revision: '1' },
      ]),
    );
    expect(await screen.findByText('The body was made again from the notebook and saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Body')).toHaveValue('Made again from the cells.');
    expect(screen.queryByRole('region', { name: 'Replace from a notebook' })).not.toBeInTheDocument();
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
