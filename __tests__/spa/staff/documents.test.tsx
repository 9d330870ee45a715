import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Document, DocumentCategory } from '@/contract';
import { api } from '@/lib/api/apiSlice';

import { countedGet, server, url } from '../msw';
import { renderAsStaff } from '../render';
import { jsonBody, serveDelete, serveWrite } from '../writes';
import { itCreatesNamedItems } from './createNamedCard';
import { aCategory, aDocument, aFile, formFields } from './fixtures';

interface Backend {
  documents: Document[];
  categories: DocumentCategory[];
  calls: { documentLists: number; categoryLists: number; currentCv: number };
}

/** An in-memory documents API; tests override single calls to make them fail. */
function serveDocuments(documents: Document[] = [], categories: DocumentCategory[] = [aCategory()]): Backend {
  const backend: Backend = { documents, categories, calls: { documentLists: 0, categoryLists: 0, currentCv: 0 } };
  server.use(
    countedGet('/api/documents/documents/', () => backend.documents, backend.calls, 'documentLists'),
    countedGet('/api/documents/categories/', () => backend.categories, backend.calls, 'categoryLists'),
    http.get(url('/api/documents/documents/current_cv/'), () => {
      backend.calls.currentCv += 1;
      return HttpResponse.json(backend.documents.find((d) => d.is_current) ?? { detail: 'Not found.' }, {
        status: backend.documents.some((d) => d.is_current) ? 200 : 404,
      });
    }),
  );
  return backend;
}

// The CV page's query, declared here as the CV screen declares it, to watch the CurrentCv tag.
const cvProbe = api.injectEndpoints({
  endpoints: (build) => ({
    probeCurrentCv: build.query<unknown, void>({ query: () => '/api/documents/documents/current_cv/', providesTags: ['CurrentCv'] }),
  }),
});

const renderDocuments = () => renderAsStaff('/documents');

/** The table row of the document called `name`. */
function rowOf(name: string) {
  return screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
}

/**
 * Renders the screen and presses `button` in the row of the document called `name`, answering its question
 * `confirmed`. `watching`: the CV page's query on that backend is open, and answered once, before the press.
 */
async function pressInRow(name: string, button: RegExp, { confirmed = true, watching }: { confirmed?: boolean; watching?: Backend } = {}) {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(confirmed);
  const { user, store } = renderDocuments();
  if (watching) store.dispatch(cvProbe.endpoints.probeCurrentCv.initiate());
  await screen.findByRole('cell', { name: new RegExp(`^${name}`) });
  if (watching) await waitFor(() => expect(watching.calls.currentCv).toBe(1));
  await user.click(within(rowOf(name)).getByRole('button', { name: button }));
  return { confirm };
}

const pdf = () => aFile('cv-2025.pdf', 'application/pdf', '%PDF-1.4');

/**
 * The ways the server refuses a document form, each named, with its answer and what the form then says after
 * `failed`: a message on a field, a detail, or nothing useful (`failed` alone).
 */
const refusals = (failed: string, fieldMessages: Record<string, string>, detail: string): [string, object, string][] => [
  ...Object.entries(fieldMessages).map(([field, message]): [string, object, string] => [field, { [field]: [message] }, `${failed} ${message}`]),
  ['detail', { detail }, `${failed} ${detail}`],
  ['nothing useful', {}, failed],
];
const uploadRefusals = refusals('Failed to upload document.', { file: 'The file is not a PDF.', name: 'This field may not be blank.' }, 'File too large.');
const updateRefusals = refusals(
  'Failed to update document.',
  { file: 'Unsupported file type.', category: 'The selected category does not exist.' },
  'Not found.',
);

describe('documents screen: loading', () => {
  it.each([
    ['documents', '/api/documents/documents/', 403],
    ['categories', '/api/documents/categories/', 500],
  ])('reports a failed load of the %s', async (_list, path, status) => {
    serveDocuments();
    server.use(http.get(url(path), () => HttpResponse.json({ detail: 'No.' }, { status })));
    renderDocuments();
    expect(await screen.findByText('Failed to load documents or categories. Access denied or server error.')).toBeInTheDocument();
  });
});

describe('documents screen: upload form', () => {
  it('says next to the category that the CV category provides the CV page download', async () => {
    serveDocuments();
    renderDocuments();
    const category = await screen.findByRole('combobox', { name: 'Category' });
    expect(category).toHaveAccessibleDescription(/category named CV \(in any capitalisation\) provides the download on the CV page/);
    expect(await within(category).findByRole('option', { name: 'CV' })).toBeInTheDocument();
  });

  it('holds names and descriptions to the server’s limits', async () => {
    serveDocuments();
    renderDocuments();
    const upload = await screen.findByRole('region', { name: 'Upload Document' });
    expect(within(upload).getByLabelText('Name')).toHaveAttribute('maxlength', '200');
    expect(within(upload).getByLabelText('Description (optional)')).toHaveAccessibleDescription('0 of 5,000 characters');
    const category = screen.getByRole('region', { name: 'Create Category' });
    expect(within(category).getByLabelText('Category name')).toHaveAttribute('maxlength', '100');
    expect(within(category).getByLabelText('Description (optional)')).toHaveAttribute('maxlength', '5000');
  });

  it.each([
    ['no file', { file: false, name: 'CV', category: true }],
    ['no name', { file: true, name: '  ', category: true }],
    ['no category', { file: true, name: 'CV', category: false }],
  ])('refuses an upload with %s', async (_case, given) => {
    serveDocuments();
    const uploads = serveWrite('post', '/api/documents/documents/', formFields, () => HttpResponse.json(aDocument(), { status: 201 }));
    const { user } = renderDocuments();
    const form = await screen.findByRole('region', { name: 'Upload Document' });
    if (given.file) await user.upload(within(form).getByLabelText('File'), pdf());
    if (given.name) await user.type(within(form).getByLabelText('Name'), given.name);
    if (given.category) await user.selectOptions(within(form).getByLabelText('Category'), 'CV');
    await user.click(within(form).getByRole('button', { name: 'Upload Document' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('File, Name, and Category are required for upload.');
    expect(uploads).toEqual([]);
  });

  it('uploads the file with its details, confirms, clears the form and refreshes the list and the current CV', async () => {
    const backend = serveDocuments();
    const uploads = serveWrite('post', '/api/documents/documents/', formFields, (sent) => {
      const created = aDocument({ id: 101, name: sent.name, is_current: true });
      backend.documents = [created];
      return HttpResponse.json(created, { status: 201 });
    });
    const { user, store } = renderDocuments();
    store.dispatch(cvProbe.endpoints.probeCurrentCv.initiate());
    const form = await screen.findByRole('region', { name: 'Upload Document' });
    await waitFor(() => expect(backend.calls.currentCv).toBe(1));

    await user.upload(within(form).getByLabelText('File'), pdf());
    await user.type(within(form).getByLabelText('Name'), 'CV 2025');
    await user.selectOptions(within(form).getByLabelText('Category'), 'CV');
    await user.type(within(form).getByLabelText('Description (optional)'), 'Latest');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Upload Document' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Document uploaded successfully!');
    expect(uploads).toEqual([{ file: 'file:cv-2025.pdf', name: 'CV 2025', description: 'Latest', category: '1', is_current: 'true' }]);
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(within(form).getByLabelText('Category')).toHaveValue('');
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue('');
    expect(within(form).getByRole('checkbox')).not.toBeChecked();
    expect((within(form).getByLabelText('File') as HTMLInputElement).files).toHaveLength(0);
    expect(await screen.findByRole('cell', { name: /^CV 2025/ })).toBeInTheDocument();
    await waitFor(() => expect(backend.calls.currentCv).toBe(2));
    // The category counts one more document.
    await waitFor(() => expect(backend.calls.categoryLists).toBe(2));
  });

  it('sends is_current false and leaves the current CV alone when the document is not made current', async () => {
    const backend = serveDocuments();
    const uploads = serveWrite('post', '/api/documents/documents/', formFields, () => HttpResponse.json(aDocument(), { status: 201 }));
    const { user, store } = renderDocuments();
    store.dispatch(cvProbe.endpoints.probeCurrentCv.initiate());
    const form = await screen.findByRole('region', { name: 'Upload Document' });
    await user.upload(within(form).getByLabelText('File'), pdf());
    await user.type(within(form).getByLabelText('Name'), 'Draft');
    await user.selectOptions(within(form).getByLabelText('Category'), 'CV');
    await user.click(within(form).getByRole('button', { name: 'Upload Document' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Document uploaded successfully!');
    expect(uploads.map((sent) => sent.is_current)).toEqual(['false']);
    await waitFor(() => expect(backend.calls.documentLists).toBe(2));
    expect(backend.calls.currentCv).toBe(1);
  });

  it.each(uploadRefusals)('reports an upload failure with the server %s message', async (_case, body, message) => {
    serveDocuments();
    server.use(http.post(url('/api/documents/documents/'), () => HttpResponse.json(body, { status: 400 })));
    const { user } = renderDocuments();
    const form = await screen.findByRole('region', { name: 'Upload Document' });
    await user.upload(within(form).getByLabelText('File'), pdf());
    await user.type(within(form).getByLabelText('Name'), 'CV 2025');
    await user.selectOptions(within(form).getByLabelText('Category'), 'CV');
    await user.click(within(form).getByRole('button', { name: 'Upload Document' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(within(form).getByLabelText('Name')).toHaveValue('CV 2025');
  });
});

describe('documents screen: categories', () => {
  itCreatesNamedItems('Category', {
    endpoint: '/api/documents/categories/',
    open: () => {
      const backend = serveDocuments();
      return { backend, ...renderDocuments() };
    },
    created: {
      text: { name: 'Papers', description: 'Working papers' },
      item: aCategory({ id: 2, name: 'Papers', description: 'Working papers' }),
      list: (backend) => backend.categories,
    },
    afterwards: 'refreshes only the categories',
    shows: async (backend) => {
      expect(await screen.findByRole('option', { name: 'Papers' })).toBeInTheDocument();
      expect(backend.calls.documentLists).toBe(1);
    },
    refusedName: 'CV',
  });
});

describe('documents screen: list', () => {
  const current = aDocument({ id: 1, name: 'CV 2024', is_current: true });
  const candidate = aDocument({ id: 2, name: 'CV 2025', is_current: false, description: 'Fresh' });
  const loose = aDocument({ id: 3, name: 'Notes', category: null, category_name: null });

  afterEach(() => jest.restoreAllMocks());

  it('lists documents with download links, and enables Mark Current only for categorised, non-current ones', async () => {
    serveDocuments([current, candidate, loose]);
    renderDocuments();
    await screen.findByRole('cell', { name: /^CV 2024/ });
    expect(within(rowOf('CV 2024')).getByRole('button', { name: /Mark Current/ })).toBeDisabled();
    expect(within(rowOf('CV 2024')).getByText('Current')).toBeInTheDocument();
    expect(within(rowOf('CV 2025')).getByRole('button', { name: /Mark Current/ })).toBeEnabled();
    expect(within(rowOf('Notes')).getByRole('button', { name: /Mark Current/ })).toBeDisabled();
    expect(within(rowOf('CV 2025')).getByRole('link', { name: /Download/ })).toHaveAttribute('href', candidate.download_url);
    expect(within(rowOf('CV 2025')).getByText('Fresh')).toBeInTheDocument();
  });

  it('shows an empty list', async () => {
    serveDocuments([]);
    renderDocuments();
    expect(await screen.findByText('No documents uploaded yet.')).toBeInTheDocument();
  });

  it('asks before marking current, warning that other current documents in the category are unmarked', async () => {
    serveDocuments([current, candidate]);
    const changes = serveWrite('patch', '/api/documents/documents/2/', jsonBody, () => HttpResponse.json(candidate));
    const { confirm } = await pressInRow('CV 2025', /Mark Current/, { confirmed: false });
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/unmark any other current documents in the same category/));
    expect(changes).toEqual([]);
  });

  it('marks a document current, confirms, and refreshes the list and the current CV', async () => {
    const backend = serveDocuments([current, candidate]);
    const changes = serveWrite('patch', '/api/documents/documents/2/', jsonBody, () => {
      backend.documents = [
        { ...current, is_current: false },
        { ...candidate, is_current: true },
      ];
      return HttpResponse.json(backend.documents[1]);
    });
    await pressInRow('CV 2025', /Mark Current/, { watching: backend });
    expect(await screen.findByText('Document marked as current!')).toBeInTheDocument();
    expect(changes).toEqual([{ is_current: true, category: 1 }]);
    await waitFor(() => expect(within(rowOf('CV 2025')).getByRole('button', { name: /Mark Current/ })).toBeDisabled());
    expect(within(rowOf('CV 2024')).getByRole('button', { name: /Mark Current/ })).toBeEnabled();
    await waitFor(() => expect(backend.calls.currentCv).toBe(2));
  });

  it('reports a failed Mark Current', async () => {
    serveDocuments([current, candidate]);
    server.use(http.patch(url('/api/documents/documents/2/'), () => HttpResponse.json({ detail: 'No.' }, { status: 500 })));
    await pressInRow('CV 2025', /Mark Current/);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to mark document as current.');
  });

  it('asks before deleting and does nothing when cancelled', async () => {
    serveDocuments([candidate]);
    const deletion = serveDelete('/api/documents/documents/2/');
    const { confirm } = await pressInRow('CV 2025', /Delete/, { confirmed: false });
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/Are you sure you want to delete "CV 2025"\?/));
    expect(deletion.count).toBe(0);
    expect(screen.getByRole('cell', { name: /^CV 2025/ })).toBeInTheDocument();
  });

  it('deletes a confirmed document and refreshes the list', async () => {
    const backend = serveDocuments([candidate]);
    serveDelete('/api/documents/documents/2/', () => (backend.documents = []));
    await pressInRow('CV 2025', /Delete/);
    expect(await screen.findByText('No documents uploaded yet.')).toBeInTheDocument();
  });

  it('refreshes the current CV after deleting the current document', async () => {
    const backend = serveDocuments([current]);
    serveDelete('/api/documents/documents/1/', () => (backend.documents = []));
    await pressInRow('CV 2024', /Delete/, { watching: backend });
    await waitFor(() => expect(backend.calls.currentCv).toBe(2));
  });

  it('reports a failed delete', async () => {
    serveDocuments([candidate]);
    server.use(http.delete(url('/api/documents/documents/2/'), () => HttpResponse.json({ detail: 'No.' }, { status: 500 })));
    await pressInRow('CV 2025', /Delete/);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete document.');
  });
});

describe('documents screen: edit dialog', () => {
  const papers = aCategory({ id: 2, name: 'Papers', description: '', document_count: 1 });
  const cvCategory = aCategory({ document_count: 1 });
  const current = aDocument({ id: 1, name: 'CV 2024', is_current: true, description: 'Old', original_filename: 'cv-2024.pdf', size: 48_000 });
  const paper = aDocument({ id: 2, name: 'Working paper', category: 2, category_name: 'Papers', description: '' });

  async function openEditor(name: string, documents = [current, paper]) {
    const backend = serveDocuments(documents, [cvCategory, papers]);
    const utils = renderDocuments();
    await screen.findByRole('cell', { name: new RegExp(`^${name}`) });
    await utils.user.click(within(rowOf(name)).getByRole('button', { name: `Edit ${name}` }));
    return { ...utils, backend, dialog: await screen.findByRole('dialog', { name: 'Edit Document' }) };
  }

  afterEach(() => jest.restoreAllMocks());

  it('opens with the document’s fields filled in and shows its current file', async () => {
    const { user, dialog } = await openEditor('CV 2024');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('CV 2024');
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('maxlength', '200');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('Old');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('1');
    expect(within(dialog).getByRole('option', { name: 'No category' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /Current document of its category/ })).toBeChecked();
    const file = within(dialog).getByRole('link', { name: 'cv-2024.pdf' });
    expect(file).toHaveAttribute('href', current.download_url);
    expect(within(dialog).getByText(/^PDF, 48 KB, uploaded/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Replace file (optional)')).toHaveAccessibleDescription(
      "Leave empty to keep the current file. A new file keeps this document's download address and download counts.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    [
      'an empty name',
      async (dialog: HTMLElement, user: ReturnType<typeof renderDocuments>['user']) => user.clear(within(dialog).getByLabelText('Name')),
      'Document name cannot be empty.',
    ],
    [
      'current without a category',
      async (dialog: HTMLElement, user: ReturnType<typeof renderDocuments>['user']) =>
        user.selectOptions(within(dialog).getByLabelText('Category'), 'No category'),
      'A document needs a category to be marked current.',
    ],
  ])('refuses %s before sending', async (_case, change, message) => {
    const changes = serveWrite('patch', '/api/documents/documents/1/', formFields, () => HttpResponse.json(current));
    const { user, dialog } = await openEditor('CV 2024');
    await change(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(changes).toEqual([]);
  });

  it('saves a rename, a move and a replacement file in one call, confirms and refreshes documents, categories and the current CV', async () => {
    const changes = serveWrite('patch', '/api/documents/documents/2/', formFields, (sent) => HttpResponse.json({ ...paper, name: sent.name }));
    const { user, dialog, backend, store } = await openEditor('Working paper');
    store.dispatch(cvProbe.endpoints.probeCurrentCv.initiate());
    await waitFor(() => expect(backend.calls.currentCv).toBe(1));
    backend.documents = [current, { ...paper, name: 'Volatility paper' }];
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Volatility paper');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Submitted');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'CV');
    await user.upload(within(dialog).getByLabelText('Replace file (optional)'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes).toEqual([{ name: 'Volatility paper', description: 'Submitted', category: '1', is_current: 'false', file: 'file:cv-2025.pdf' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Document updated successfully!');
    expect(await screen.findByRole('cell', { name: /^Volatility paper/ })).toBeInTheDocument();
    await waitFor(() => expect(backend.calls.categoryLists).toBe(2));
    await waitFor(() => expect(backend.calls.currentCv).toBe(2));
  });

  it('sends no file when none is chosen, and can unmark the document through the checkbox', async () => {
    const changes = serveWrite('patch', '/api/documents/documents/1/', formFields, () => HttpResponse.json({ ...current, is_current: false }));
    const { user, dialog } = await openEditor('CV 2024');
    await user.click(within(dialog).getByRole('checkbox', { name: /Current document of its category/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({ name: 'CV 2024', description: 'Old', category: '1', is_current: 'false' });
  });

  it.each(updateRefusals)('keeps the dialog open and reports a failure with the server %s message', async (_case, body, message) => {
    server.use(http.patch(url('/api/documents/documents/1/'), () => HttpResponse.json(body, { status: 400 })));
    const { user, dialog } = await openEditor('CV 2024');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    // The failure takes the focus, so a keyboard or screen-reader user lands on it.
    expect(alert.parentElement).toHaveFocus();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('CV 2024');
  });
});

describe('documents screen: unmark current', () => {
  const current = aDocument({ id: 1, name: 'CV 2024', is_current: true });
  const paper = aDocument({ id: 2, name: 'Working paper', category: 2, category_name: 'Papers', is_current: true });
  const draft = aDocument({ id: 3, name: 'Draft', is_current: false });

  afterEach(() => jest.restoreAllMocks());

  it('offers Unmark Current on current documents only', async () => {
    serveDocuments([current, draft]);
    renderDocuments();
    await screen.findByRole('cell', { name: /^CV 2024/ });
    expect(within(rowOf('CV 2024')).getByRole('button', { name: 'Unmark Current CV 2024' })).toBeEnabled();
    expect(within(rowOf('Draft')).queryByRole('button', { name: /Unmark Current/ })).not.toBeInTheDocument();
  });

  it.each([
    ['the CV', current, /^Unmark "CV 2024" as the current document\? CV will have no current document\. The CV page offers no CV download/],
    ['another category’s document', paper, /^Unmark "Working paper" as the current document\? Papers will have no current document\.$/],
  ])('asks before unmarking %s, and sends nothing when cancelled', async (_case, document, question) => {
    serveDocuments([document]);
    const changes = serveWrite('patch', `/api/documents/documents/${document.id}/`, jsonBody, () => HttpResponse.json(document));
    const { confirm } = await pressInRow(document.name, /Unmark Current/, { confirmed: false });
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(question));
    expect(changes).toEqual([]);
  });

  it('unmarks a confirmed document, confirms, and refreshes the list and the current CV', async () => {
    const backend = serveDocuments([current]);
    const changes = serveWrite('patch', '/api/documents/documents/1/', jsonBody, () => {
      backend.documents = [{ ...current, is_current: false }];
      return HttpResponse.json(backend.documents[0]);
    });
    await pressInRow('CV 2024', /Unmark Current/, { watching: backend });
    expect(await screen.findByText('Document unmarked as current!')).toBeInTheDocument();
    expect(changes).toEqual([{ is_current: false }]);
    await waitFor(() => expect(within(rowOf('CV 2024')).queryByRole('button', { name: /Unmark Current/ })).not.toBeInTheDocument());
    expect(within(rowOf('CV 2024')).getByText('Not current')).toBeInTheDocument();
    await waitFor(() => expect(backend.calls.currentCv).toBe(2));
  });

  it('reports a failed unmark with the server’s reason', async () => {
    serveDocuments([current]);
    server.use(http.patch(url('/api/documents/documents/1/'), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    await pressInRow('CV 2024', /Unmark Current/);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to unmark document as current. Not found.');
  });
});

describe('documents screen: categories section', () => {
  const cvCategory = aCategory({ id: 1, name: 'CV', description: 'Curriculum vitae', document_count: 1 });
  const papers = aCategory({ id: 2, name: 'Papers', description: '', document_count: 3 });
  const empty = aCategory({ id: 3, name: 'Mistake', description: '', document_count: 0 });

  const section = () => screen.findByRole('region', { name: 'Categories' });
  function categoryRow(name: string) {
    return within(screen.getByRole('region', { name: 'Categories' }))
      .getByRole('cell', { name: new RegExp(`^${name}`) })
      .closest('tr') as HTMLElement;
  }

  it('lists the categories with their descriptions and how many documents each holds', async () => {
    serveDocuments([], [cvCategory, empty, papers]);
    renderDocuments();
    const categories = await section();
    expect(within(categories).getAllByRole('row')).toHaveLength(4);
    expect(within(categoryRow('CV')).getByText('Curriculum vitae')).toBeInTheDocument();
    expect(within(categoryRow('CV')).getByRole('cell', { name: '1 document' })).toBeInTheDocument();
    expect(within(categoryRow('Papers')).getByRole('cell', { name: '3 documents' })).toBeInTheDocument();
    expect(within(categoryRow('Mistake')).getByRole('button', { name: 'Rename Mistake' })).toBeInTheDocument();
    expect(within(categoryRow('Mistake')).getByRole('button', { name: 'Delete Mistake' })).toBeInTheDocument();
  });

  it('says when there are no categories', async () => {
    serveDocuments([], []);
    renderDocuments();
    expect(within(await section()).getByText('No categories yet.')).toBeInTheDocument();
  });

  describe('rename', () => {
    async function openRename(name: string) {
      const backend = serveDocuments([], [cvCategory, papers]);
      const utils = renderDocuments();
      await section();
      await utils.user.click(within(categoryRow(name)).getByRole('button', { name: `Rename ${name}` }));
      return { ...utils, backend, dialog: await screen.findByRole('dialog', { name: 'Rename Category' }) };
    }

    it('opens with the name and description filled in, held to the server’s limits', async () => {
      const { dialog } = await openRename('CV');
      expect(within(dialog).getByLabelText('Category name')).toHaveValue('CV');
      expect(within(dialog).getByLabelText('Category name')).toHaveAttribute('maxlength', '100');
      expect(within(dialog).getByLabelText('Category name')).toHaveAccessibleDescription(
        "Name a category CV to make its current document the CV page's download.",
      );
      expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('Curriculum vitae');
    });

    it('refuses an empty name before sending', async () => {
      const changes = serveWrite('patch', '/api/documents/categories/2/', jsonBody, () => HttpResponse.json(papers));
      const { user, dialog } = await openRename('Papers');
      await user.clear(within(dialog).getByLabelText('Category name'));
      await user.type(within(dialog).getByLabelText('Category name'), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Category name cannot be empty.');
      expect(changes).toEqual([]);
    });

    it('renames, confirms and refreshes the categories, the documents (their category names) and the current CV', async () => {
      const { user, dialog, backend, store } = await openRename('Papers');
      store.dispatch(cvProbe.endpoints.probeCurrentCv.initiate());
      await waitFor(() => expect(backend.calls.currentCv).toBe(1));
      const changes = serveWrite('patch', '/api/documents/categories/2/', jsonBody, () => {
        backend.categories = [cvCategory, { ...papers, name: 'Working papers', description: 'Under review' }];
        return HttpResponse.json(backend.categories[1]);
      });
      await user.clear(within(dialog).getByLabelText('Category name'));
      await user.type(within(dialog).getByLabelText('Category name'), ' Working papers ');
      await user.type(within(dialog).getByLabelText('Description (optional)'), 'Under review');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(changes).toEqual([{ name: 'Working papers', description: 'Under review' }]);
      expect(await within(await section()).findByRole('status')).toHaveTextContent('Category updated successfully!');
      expect(await screen.findByRole('cell', { name: /^Working papers/ })).toBeInTheDocument();
      await waitFor(() => expect(backend.calls.documentLists).toBe(2));
      await waitFor(() => expect(backend.calls.currentCv).toBe(2));
    });

    it.each([
      ['name', { name: ['A category with this name already exists.'] }, 'Failed to update category. A category with this name already exists.'],
      ['detail', { detail: 'Not found.' }, 'Failed to update category. Not found.'],
    ])('reports a failed rename with the server %s message', async (_case, body, message) => {
      server.use(http.patch(url('/api/documents/categories/1/'), () => HttpResponse.json(body, { status: 400 })));
      const { user, dialog } = await openRename('CV');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    });
  });

  describe('delete', () => {
    async function openDelete(name: string, categories = [cvCategory, papers, empty]) {
      const backend = serveDocuments([], categories);
      const utils = renderDocuments();
      await section();
      await utils.user.click(within(categoryRow(name)).getByRole('button', { name: `Delete ${name}` }));
      return { ...utils, backend, dialog: await screen.findByRole('dialog', { name: 'Delete this category?' }) };
    }

    it('asks before deleting an empty category, and keeping it sends nothing', async () => {
      const deletion = serveDelete('/api/documents/categories/3/');
      const { user, dialog } = await openDelete('Mistake');
      expect(dialog).toHaveTextContent('“Mistake” holds no documents. Deleting it cannot be undone.');
      expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deletion.count).toBe(0);
    });

    it('deletes an empty category, confirms, refreshes the list and moves the focus to the section', async () => {
      const deletions: string[] = [];
      const { user, dialog, backend } = await openDelete('Mistake');
      server.use(
        http.delete(url('/api/documents/categories/3/'), ({ request }) => {
          deletions.push(new URL(request.url).search);
          backend.categories = [cvCategory, papers];
          return new HttpResponse(null, { status: 204 });
        }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deletions).toEqual(['']);
      const categories = await section();
      expect(await within(categories).findByRole('status')).toHaveTextContent('Category deleted successfully!');
      await waitFor(() => expect(within(categories).queryByRole('cell', { name: /^Mistake/ })).not.toBeInTheDocument());
      expect(within(categories).getByRole('heading', { name: 'Categories' })).toHaveFocus();
      // Deleting an empty category changes no document.
      expect(backend.calls.documentLists).toBe(1);
    });

    it('moves the documents of a category that holds some to the category chosen, then refreshes documents and the current CV', async () => {
      const deletions: string[] = [];
      const { user, dialog, backend, store } = await openDelete('Papers');
      store.dispatch(cvProbe.endpoints.probeCurrentCv.initiate());
      await waitFor(() => expect(backend.calls.currentCv).toBe(1));
      server.use(
        http.delete(url('/api/documents/categories/2/'), ({ request }) => {
          deletions.push(new URL(request.url).search);
          backend.categories = [{ ...cvCategory, document_count: 4 }, empty];
          return new HttpResponse(null, { status: 204 });
        }),
      );
      expect(dialog).toHaveTextContent('“Papers” holds 3 documents. They move to the category you choose');
      const target = within(dialog).getByRole('combobox', { name: 'Move its documents to' });
      expect(
        within(target)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a category', 'CV', 'Mistake']);
      await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the category its documents move to.');
      expect(deletions).toEqual([]);

      await user.selectOptions(target, 'CV');
      await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deletions).toEqual(['?move_to=1']);
      expect(await within(await section()).findByRole('cell', { name: '4 documents' })).toBeInTheDocument();
      await waitFor(() => expect(backend.calls.documentLists).toBe(2));
      await waitFor(() => expect(backend.calls.currentCv).toBe(2));
    });

    it('says so when there is no other category to move the documents to', async () => {
      const { dialog } = await openDelete('Papers', [papers]);
      expect(dialog).toHaveTextContent(
        '“Papers” holds 3 documents and there is no other category to move them to. Create one first, or move or delete its documents.',
      );
      expect(within(dialog).getByRole('button', { name: 'Delete category' })).toBeDisabled();
    });

    it('shows the server’s refusal in the dialog, and then offers to move the documents it did not know of', async () => {
      const { user, dialog, backend } = await openDelete('Mistake');
      server.use(
        http.delete(url('/api/documents/categories/3/'), () => {
          backend.categories = [cvCategory, papers, { ...empty, document_count: 1 }];
          return HttpResponse.json(
            { detail: 'This category holds 1 document. Move or delete it first, or choose a category to move it to as you delete this one.' },
            { status: 409 },
          );
        }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Failed to delete category. This category holds 1 document. Move or delete it first, or choose a category to move it to as you delete this one.',
      );
      expect(await within(dialog).findByRole('combobox', { name: 'Move its documents to' })).toBeInTheDocument();
    });
  });
});
