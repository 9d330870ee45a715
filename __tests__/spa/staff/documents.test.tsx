import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Document, DocumentCategory } from '@/contract';
import { api } from '@/lib/api/apiSlice';

import { server, url } from '../msw';
import { renderAsStaff } from '../render';
import { createNamedCard } from './createNamedCard';
import { aCategory, aDocument, aFile, formFields } from './fixtures';
import { jsonBody, serveDelete, serveWrite } from './writes';

interface Backend {
  documents: Document[];
  categories: DocumentCategory[];
  calls: { documentLists: number; categoryLists: number; currentCv: number };
}

/** An in-memory documents API; tests override single calls to make them fail. */
function serveDocuments(documents: Document[] = [], categories: DocumentCategory[] = [aCategory()]): Backend {
  const backend: Backend = { documents, categories, calls: { documentLists: 0, categoryLists: 0, currentCv: 0 } };
  server.use(
    http.get(url('/api/documents/documents/'), () => {
      backend.calls.documentLists += 1;
      return HttpResponse.json(backend.documents);
    }),
    http.get(url('/api/documents/categories/'), () => {
      backend.calls.categoryLists += 1;
      return HttpResponse.json(backend.categories);
    }),
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

const pdf = () => aFile('cv-2025.pdf', 'application/pdf', '%PDF-1.4');

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
    expect(within(upload).getByLabelText('Description (optional)')).toHaveAccessibleDescription('0 of 5000 characters');
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
    expect(backend.calls.categoryLists).toBe(1);
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

  it.each([
    ['file', { file: ['The file is not a PDF.'] }, 'Failed to upload document. The file is not a PDF.'],
    ['name', { name: ['This field may not be blank.'] }, 'Failed to upload document. This field may not be blank.'],
    ['detail', { detail: 'File too large.' }, 'Failed to upload document. File too large.'],
    ['nothing useful', {}, 'Failed to upload document.'],
  ])('reports an upload failure with the server %s message', async (_case, body, message) => {
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
  it('refuses an empty category name', async () => {
    serveDocuments();
    const { user } = renderDocuments();
    const card = await createNamedCard(user, 'Category');
    await card.create({ name: '   ' });
    expect(within(card.form).getByRole('alert')).toHaveTextContent('Category name cannot be empty.');
  });

  it('creates a category, confirms, clears the form and refreshes only the categories', async () => {
    const backend = serveDocuments();
    const creations = serveWrite('post', '/api/documents/categories/', jsonBody, () => {
      const created = aCategory({ id: 2, name: 'Papers', description: 'Working papers' });
      backend.categories = [...backend.categories, created];
      return HttpResponse.json(created, { status: 201 });
    });
    const { user } = renderDocuments();
    const card = await createNamedCard(user, 'Category');
    await card.create({ name: 'Papers', description: 'Working papers' });
    expect(await within(card.form).findByRole('status')).toHaveTextContent('Category created successfully!');
    expect(creations).toEqual([{ name: 'Papers', description: 'Working papers' }]);
    expect(card.name()).toHaveValue('');
    expect(card.description()).toHaveValue('');
    expect(await screen.findByRole('option', { name: 'Papers' })).toBeInTheDocument();
    expect(backend.calls.documentLists).toBe(1);
  });

  it.each([
    ['name', { name: ['A category with this name already exists.'] }, 'Failed to create category. A category with this name already exists.'],
    ['detail', { detail: 'Server error.' }, 'Failed to create category. Server error.'],
  ])('reports a category failure with the server %s message', async (_case, body, message) => {
    serveDocuments();
    server.use(http.post(url('/api/documents/categories/'), () => HttpResponse.json(body, { status: 400 })));
    const { user } = renderDocuments();
    const card = await createNamedCard(user, 'Category');
    await card.create({ name: 'CV' });
    expect(await within(card.form).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('documents screen: list', () => {
  const current = aDocument({ id: 1, name: 'CV 2024', is_current: true });
  const candidate = aDocument({ id: 2, name: 'CV 2025', is_current: false, description: 'Fresh' });
  const loose = aDocument({ id: 3, name: 'Notes', category: null, category_name: null });

  function rowOf(name: string) {
    return screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
  }

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
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderDocuments();
    await screen.findByRole('cell', { name: /^CV 2025/ });
    await user.click(within(rowOf('CV 2025')).getByRole('button', { name: /Mark Current/ }));
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
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, store } = renderDocuments();
    store.dispatch(cvProbe.endpoints.probeCurrentCv.initiate());
    await screen.findByRole('cell', { name: /^CV 2025/ });
    await user.click(within(rowOf('CV 2025')).getByRole('button', { name: /Mark Current/ }));
    expect(await screen.findByText('Document marked as current!')).toBeInTheDocument();
    expect(changes).toEqual([{ is_current: true, category: 1 }]);
    await waitFor(() => expect(within(rowOf('CV 2025')).getByRole('button', { name: /Mark Current/ })).toBeDisabled());
    expect(within(rowOf('CV 2024')).getByRole('button', { name: /Mark Current/ })).toBeEnabled();
    await waitFor(() => expect(backend.calls.currentCv).toBe(2));
  });

  it('reports a failed Mark Current', async () => {
    serveDocuments([current, candidate]);
    server.use(http.patch(url('/api/documents/documents/2/'), () => HttpResponse.json({ detail: 'No.' }, { status: 500 })));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderDocuments();
    await screen.findByRole('cell', { name: /^CV 2025/ });
    await user.click(within(rowOf('CV 2025')).getByRole('button', { name: /Mark Current/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to mark document as current.');
  });

  it('asks before deleting and does nothing when cancelled', async () => {
    serveDocuments([candidate]);
    const deletion = serveDelete('/api/documents/documents/2/');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderDocuments();
    await screen.findByRole('cell', { name: /^CV 2025/ });
    await user.click(within(rowOf('CV 2025')).getByRole('button', { name: /Delete/ }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/Are you sure you want to delete "CV 2025"\?/));
    expect(deletion.count).toBe(0);
    expect(screen.getByRole('cell', { name: /^CV 2025/ })).toBeInTheDocument();
  });

  it('deletes a confirmed document and refreshes the list', async () => {
    const backend = serveDocuments([candidate]);
    serveDelete('/api/documents/documents/2/', () => (backend.documents = []));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderDocuments();
    await screen.findByRole('cell', { name: /^CV 2025/ });
    await user.click(within(rowOf('CV 2025')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('No documents uploaded yet.')).toBeInTheDocument();
  });

  it('refreshes the current CV after deleting the current document', async () => {
    const backend = serveDocuments([current]);
    serveDelete('/api/documents/documents/1/', () => (backend.documents = []));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, store } = renderDocuments();
    store.dispatch(cvProbe.endpoints.probeCurrentCv.initiate());
    await screen.findByRole('cell', { name: /^CV 2024/ });
    await waitFor(() => expect(backend.calls.currentCv).toBe(1));
    await user.click(within(rowOf('CV 2024')).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(backend.calls.currentCv).toBe(2));
  });

  it('reports a failed delete', async () => {
    serveDocuments([candidate]);
    server.use(http.delete(url('/api/documents/documents/2/'), () => HttpResponse.json({ detail: 'No.' }, { status: 500 })));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderDocuments();
    await screen.findByRole('cell', { name: /^CV 2025/ });
    await user.click(within(rowOf('CV 2025')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete document.');
  });
});
