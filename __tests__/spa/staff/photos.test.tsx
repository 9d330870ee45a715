import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';

import type { Gallery, Image } from '@/contract';
import { imageAlt } from '@/lib/imageAlt';

import { countedGet, server, url } from '../msw';
import { aStaffUser, renderApp, renderAsStaff, slowSessionCheck } from '../render';
import { serveDelete, serveWrite } from '../writes';
import { itCreatesNamedItems } from './createNamedCard';
import { aFile, aGallery, anImage, formFields } from './fixtures';

interface Backend {
  images: Image[];
  galleries: Gallery[];
  uploads: Record<string, string>[];
  calls: { imageLists: number; galleryLists: number };
}

interface PhotosOptions {
  images?: Image[];
  galleries?: Gallery[];
  /** Uploads of these file names fail with 400. */
  failing?: string[];
  /** Runs while the upload with this index (0-based) is in flight, before it is answered. */
  whileUploading?: (index: number) => Promise<void>;
}

/** An in-memory photos API. */
function servePhotos({ images = [anImage()], galleries = [aGallery()], failing = [], whileUploading }: PhotosOptions = {}): Backend {
  const backend: Backend = { images, galleries, uploads: [], calls: { imageLists: 0, galleryLists: 0 } };
  server.use(
    countedGet('/api/photos/images/', () => backend.images, backend.calls, 'imageLists'),
    countedGet('/api/photos/galleries/', () => backend.galleries, backend.calls, 'galleryLists'),
    http.post(url('/api/photos/images/'), async ({ request }) => {
      const fields = await formFields(request);
      backend.uploads.push(fields);
      await whileUploading?.(backend.uploads.length - 1);
      if (failing.some((name) => fields.image === `file:${name}`)) {
        return HttpResponse.json({ image: ['Upload a valid image.'] }, { status: 400 });
      }
      const created = anImage({ id: 1000 + backend.uploads.length, title: fields.title, gallery: null, gallery_name: null });
      backend.images = [...backend.images, created];
      return HttpResponse.json(created, { status: 201 });
    }),
  );
  return backend;
}

const renderPhotos = () => renderAsStaff('/photos');

const pictures = (count: number) => Array.from({ length: count }, (_, i) => aFile(`photo-${i + 1}.jpg`, 'image/jpeg'));

/** The Upload Images card, and a person choosing files and a title in it, then pressing Upload Images. */
async function uploadCard(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('region', { name: 'Upload Images' });
  return {
    form,
    fill: async (files: number, title: string) => {
      if (files) await user.upload(within(form).getByLabelText('Images'), pictures(files));
      if (title) await user.type(within(form).getByLabelText('Title'), title);
    },
    submit: () => user.click(within(form).getByRole('button', { name: 'Upload Images' })),
  };
}

/**
 * What the upload button and progress bar show while each file is being sent. The screen gets
 * up to a second to draw the progress of the files already done before the answer comes.
 */
function progressWatcher(count: number) {
  const seen: string[] = [];
  const bars: (string | null)[] = [];
  async function whileUploading(index: number) {
    const expected = `Uploading... (${Math.round((index / count) * 100)}%)`;
    const form = screen.getByRole('region', { name: 'Upload Images' });
    const button = () => within(form).getByRole('button', { name: /Upload/ });
    for (let attempt = 0; attempt < 100 && button().textContent !== expected; attempt += 1) await delay(10);
    seen.push(button().textContent ?? '');
    bars.push(within(form).queryByRole('progressbar')?.getAttribute('value') ?? null);
  }
  return { seen, bars, whileUploading };
}

describe('photos screen: loading', () => {
  it('shows a loading message while authentication loads, then the screen', async () => {
    slowSessionCheck(30, aStaffUser());
    servePhotos();
    renderApp({ route: '/photos' });
    expect(await screen.findByText('Loading Authentication...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Manage Photos' })).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    servePhotos();
    server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json({ detail: 'Forbidden.' }, { status: 403 })));
    renderPhotos();
    expect(await screen.findByText('Failed to load images or galleries. Access denied or server error.')).toBeInTheDocument();
  });
});

describe('photos screen: upload form', () => {
  it('accepts several image files and offers No Gallery plus every gallery', async () => {
    servePhotos({ galleries: [aGallery(), aGallery({ id: 2, name: 'Travel', slug: 'travel' })] });
    renderPhotos();
    const form = await screen.findByRole('region', { name: 'Upload Images' });
    const picker = within(form).getByLabelText('Images');
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(picker).toHaveAttribute('multiple');
    const gallery = within(form).getByLabelText('Gallery');
    await waitFor(() =>
      expect(
        within(gallery)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No Gallery', 'Page Logos', 'Travel']),
    );
  });

  it.each([
    ['no file', { files: 0, title: 'Holiday' }],
    ['no title', { files: 1, title: '' }],
    ['a blank title', { files: 1, title: '   ' }],
  ])('refuses an upload with %s', async (_case, given) => {
    const backend = servePhotos();
    const { user } = renderPhotos();
    const { form, fill, submit } = await uploadCard(user);
    await fill(given.files, given.title);
    await submit();
    expect(within(form).getByRole('alert')).toHaveTextContent('At least one File and a Title are required for image upload.');
    expect(backend.uploads).toHaveLength(0);
  });

  it('sends one request per file, titled base title - file name, with the description and chosen gallery', async () => {
    const backend = servePhotos();
    const { user } = renderPhotos();
    const { form, fill, submit } = await uploadCard(user);
    await fill(2, 'Holiday');
    await user.type(within(form).getByLabelText('Description (optional)'), 'Summer 2025');
    await within(form).findByRole('option', { name: 'Page Logos' });
    await user.selectOptions(within(form).getByLabelText('Gallery'), 'Page Logos');
    await submit();
    expect(await within(form).findByText('Successfully uploaded 2 image(s)!')).toBeInTheDocument();
    expect(backend.uploads).toEqual([
      { image: 'file:photo-1.jpg', title: 'Holiday - photo-1.jpg', description: 'Summer 2025', gallery: '1' },
      { image: 'file:photo-2.jpg', title: 'Holiday - photo-2.jpg', description: 'Summer 2025', gallery: '1' },
    ]);
  });

  it('leaves the gallery out when No Gallery is chosen', async () => {
    const backend = servePhotos();
    const { user } = renderPhotos();
    const { form, fill, submit } = await uploadCard(user);
    await fill(1, 'Portrait');
    await submit();
    expect(await within(form).findByText('Successfully uploaded 1 image(s)!')).toBeInTheDocument();
    expect(backend.uploads).toEqual([{ image: 'file:photo-1.jpg', title: 'Portrait - photo-1.jpg', description: '' }]);
  });

  it.each([
    { count: 1, failing: [] as string[], seen: ['Uploading... (0%)'], summary: 'Successfully uploaded 1 image(s)!' },
    { count: 1, failing: ['photo-1.jpg'], seen: ['Uploading... (0%)'], summary: 'Finished uploading. 0 succeeded, 1 failed. Check errors.' },
    { count: 3, failing: [], seen: ['Uploading... (0%)', 'Uploading... (33%)', 'Uploading... (67%)'], summary: 'Successfully uploaded 3 image(s)!' },
    {
      count: 3,
      failing: ['photo-2.jpg'],
      seen: ['Uploading... (0%)', 'Uploading... (33%)', 'Uploading... (67%)'],
      summary: 'Finished uploading. 2 succeeded, 1 failed. Check errors.',
    },
    {
      count: 7,
      failing: ['photo-4.jpg'],
      seen: [
        'Uploading... (0%)',
        'Uploading... (14%)',
        'Uploading... (29%)',
        'Uploading... (43%)',
        'Uploading... (57%)',
        'Uploading... (71%)',
        'Uploading... (86%)',
      ],
      summary: 'Finished uploading. 6 succeeded, 1 failed. Check errors.',
    },
  ])('uploads $count file(s) with $failing.length failure(s): progress, banner lines and summary', async ({ count, failing, seen, summary }) => {
    const progress = progressWatcher(count);
    const backend = servePhotos({ images: [], failing, whileUploading: progress.whileUploading });
    const { user } = renderPhotos();
    const { form, fill, submit } = await uploadCard(user);
    await screen.findByText('No images uploaded yet.');
    await fill(count, 'Trip');
    await submit();
    expect(await within(form).findByText(summary, undefined, { timeout: 5000 })).toBeInTheDocument();

    expect(progress.seen).toEqual(seen);
    expect(progress.bars).toEqual(seen.map((text) => /\((\d+)%\)/.exec(text)?.[1]));
    expect(backend.uploads.map((fields) => fields.title)).toEqual(pictures(count).map((file) => `Trip - ${file.name}`));
    if (failing.length) {
      expect(within(form).getByRole('alert')).toHaveTextContent(failing.map((name) => `Failed to upload ${name}.`).join(' '));
    } else {
      expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    }
    // Finished: progress reset, form cleared once something went, list refreshed.
    expect(within(form).getByRole('button', { name: 'Upload Images' })).toBeEnabled();
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
    const succeeded = count - failing.length;
    expect(within(form).getByLabelText('Title')).toHaveValue(succeeded > 0 ? '' : 'Trip');
    expect((within(form).getByLabelText('Images') as HTMLInputElement).files).toHaveLength(succeeded > 0 ? 0 : count);
    const table = screen.getByRole('region', { name: 'Uploaded Images' });
    if (succeeded > 0) await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(succeeded + 1));
  });

  it('leaves the base title what the longest file name leaves of an image title’s 300 characters', async () => {
    servePhotos();
    const { user } = renderPhotos();
    const { form } = await uploadCard(user);
    expect(within(form).getByLabelText('Description (optional)')).toHaveAttribute('maxlength', '5000');
    await user.upload(within(form).getByLabelText('Images'), [aFile('a.jpg', 'image/jpeg'), aFile('a-much-longer-name.jpg', 'image/jpeg')]);
    expect(within(form).getByLabelText('Title')).toHaveAttribute('maxlength', String(300 - ' - '.length - 'a-much-longer-name.jpg'.length));
  });

  /** Uploads two files with a title, a description and a gallery, of which the server refuses `failing`. */
  async function uploadTwo(failing: string[]) {
    const backend = servePhotos({ galleries: [aGallery()], failing });
    const { user } = renderPhotos();
    const { form, fill, submit } = await uploadCard(user);
    await fill(2, 'Trip');
    await user.type(within(form).getByLabelText('Description (optional)'), 'Summer school.');
    await user.selectOptions(within(form).getByLabelText('Gallery'), 'Page Logos');
    await submit();
    return { backend, form, submit };
  }

  it('clears description and gallery with the rest once a file went', async () => {
    const { form } = await uploadTwo(['photo-2.jpg']);
    expect(await within(form).findByText('Finished uploading. 1 succeeded, 1 failed. Check errors.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveValue('');
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue('');
    expect(within(form).getByLabelText('Gallery')).toHaveValue('');
  });

  it('keeps title, description, gallery and the chosen files when every file failed, with each file’s error', async () => {
    const { backend, form, submit } = await uploadTwo(['photo-1.jpg', 'photo-2.jpg']);
    expect(await within(form).findByText('Finished uploading. 0 succeeded, 2 failed. Check errors.')).toBeInTheDocument();
    const lines = within(within(form).getByRole('alert')).getAllByText(/^Failed to upload/);
    expect(lines.map((line) => line.textContent)).toEqual([
      'Failed to upload photo-1.jpg. Upload a valid image.',
      'Failed to upload photo-2.jpg. Upload a valid image.',
    ]);
    expect(within(form).getByLabelText('Title')).toHaveValue('Trip');
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue('Summer school.');
    expect(within(form).getByLabelText('Gallery')).toHaveValue(String(aGallery().id));
    expect((within(form).getByLabelText('Images') as HTMLInputElement).files).toHaveLength(2);

    // A second try sends the same again.
    await submit();
    await waitFor(() => expect(backend.uploads).toHaveLength(4));
    expect(backend.uploads[2]).toMatchObject({ title: 'Trip - photo-1.jpg', description: 'Summer school.', gallery: String(aGallery().id) });
  });

  it('lists every failed file on its own line of the banner, with the server’s reason', async () => {
    servePhotos({ failing: ['photo-1.jpg', 'photo-3.jpg'] });
    const { user } = renderPhotos();
    const { form, fill, submit } = await uploadCard(user);
    await fill(3, 'Trip');
    await submit();
    expect(await within(form).findByText('Finished uploading. 1 succeeded, 2 failed. Check errors.')).toBeInTheDocument();
    const lines = within(within(form).getByRole('alert'))
      .getAllByText(/^Failed to upload/)
      .map((line) => line.textContent);
    expect(lines).toEqual(['Failed to upload photo-1.jpg. Upload a valid image.', 'Failed to upload photo-3.jpg. Upload a valid image.']);
  });
});

describe('photos screen: no answer at all', () => {
  it('says a file failed because the network is down, and goes on to the next', async () => {
    servePhotos();
    server.use(http.post(url('/api/photos/images/'), () => HttpResponse.error(), { once: true }));
    const { user } = renderPhotos();
    const { form, fill, submit } = await uploadCard(user);
    await fill(2, 'Trip');
    await submit();
    expect(await within(form).findByText('Finished uploading. 1 succeeded, 1 failed. Check errors.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Failed to upload photo-1.jpg. Network error — please try again.');
  });
});

describe('photos screen: galleries', () => {
  it('lists the galleries with a link to Manage Galleries', async () => {
    servePhotos({ galleries: [aGallery(), aGallery({ id: 2, name: 'Travel', slug: 'travel' })] });
    renderPhotos();
    const section = await screen.findByRole('region', { name: 'Existing Galleries' });
    expect(await within(section).findByText('Travel')).toBeInTheDocument();
    expect(within(section).getByText('page-logos')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Manage Galleries' })).toHaveAttribute('href', '/galleries');
  });

  it('explains that a page-logos gallery feeds the front page', async () => {
    servePhotos();
    renderPhotos();
    const form = await screen.findByRole('region', { name: 'Create Gallery' });
    expect(within(form).getByLabelText('Gallery name')).toHaveAccessibleDescription(
      /gallery called page-logos puts its pictures in the banner on the front page/,
    );
  });

  itCreatesNamedItems('Gallery', {
    endpoint: '/api/photos/galleries/',
    open: () => {
      const backend = servePhotos();
      return { backend, ...renderPhotos() };
    },
    created: {
      text: { name: 'Travel', description: 'Trips' },
      item: aGallery({ id: 2, name: 'Travel', slug: 'travel', description: 'Trips' }),
      list: (backend) => backend.galleries,
    },
    afterwards: 'shows it in the list and the pickers',
    shows: async (backend) => {
      expect(await within(screen.getByRole('region', { name: 'Existing Galleries' })).findByText('Travel')).toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Upload Images' })).getByRole('option', { name: 'Travel' })).toBeInTheDocument();
      expect(backend.calls.imageLists).toBe(1);
    },
    refusedName: 'Page Logos',
  });
});

describe('photos screen: image table', () => {
  const assigned = anImage({ id: 10, title: 'Conference - talk.jpg' });
  const loose = anImage({
    id: 11,
    title: '',
    gallery: null,
    gallery_name: null,
    image_url: '/media/images/original/def.png',
    sizes: { thumb: '/t/def.webp', banner: '/b/def.webp', large: '/l/def.webp' },
  });

  const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr') as HTMLElement;

  afterEach(() => jest.restoreAllMocks());

  it('shows thumbnail, title or No Title, gallery or Unassigned, the date, and opens the original in a new tab', async () => {
    servePhotos({ images: [assigned, loose] });
    renderPhotos();
    await screen.findByRole('cell', { name: 'No Title' });
    const first = rowOf('Conference - talk.jpg');
    expect(within(first).getByRole('presentation')).toHaveAttribute('src', assigned.sizes.thumb);
    expect(within(first).getByRole('cell', { name: 'Page Logos' })).toBeInTheDocument();
    expect(
      within(first).getByRole('cell', {
        name: new Date(assigned.uploaded_at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
      }),
    ).toBeInTheDocument();
    const second = rowOf('No Title');
    expect(within(second).getByRole('cell', { name: 'Unassigned' })).toBeInTheDocument();
    expect(within(second).getByRole('presentation')).toHaveAttribute('src', '/t/def.webp');
    const open = within(second).getByRole('link', { name: /Open/ });
    expect(open).toHaveAttribute('href', loose.image_url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener');
    for (const cell of within(first).getAllByRole('cell')) expect(cell).toHaveAttribute('data-label');
  });

  it('asks before deleting an image and keeps it when cancelled', async () => {
    const backend = servePhotos({ images: [assigned] });
    const deletion = serveDelete('/api/photos/images/10/');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderPhotos();
    await screen.findByRole('cell', { name: 'Conference - talk.jpg' });
    await user.click(within(rowOf('Conference - talk.jpg')).getByRole('button', { name: /Delete/ }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this image?');
    expect(deletion.count).toBe(0);
    expect(backend.calls.imageLists).toBe(1);
  });

  it('deletes a confirmed image and refreshes the table', async () => {
    const backend = servePhotos({ images: [assigned] });
    serveDelete('/api/photos/images/10/', () => (backend.images = []));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderPhotos();
    await screen.findByRole('cell', { name: 'Conference - talk.jpg' });
    await user.click(within(rowOf('Conference - talk.jpg')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('No images uploaded yet.')).toBeInTheDocument();
    expect(backend.calls.galleryLists).toBe(1);
  });

  it('reports a failed delete in the error banner', async () => {
    servePhotos({ images: [assigned] });
    server.use(http.delete(url('/api/photos/images/10/'), () => HttpResponse.json({ detail: 'No.' }, { status: 500 })));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderPhotos();
    await screen.findByRole('cell', { name: 'Conference - talk.jpg' });
    await user.click(within(rowOf('Conference - talk.jpg')).getByRole('button', { name: /Delete/ }));
    const table = screen.getByRole('region', { name: 'Uploaded Images' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('Failed to delete image. No.');
  });

  it('shows one message at a time: a later outcome replaces an error, and a message can be dismissed', async () => {
    const backend = servePhotos({ images: [assigned] });
    server.use(
      http.delete(url('/api/photos/images/10/'), () => HttpResponse.json({ detail: 'Storage unavailable.' }, { status: 503 })),
      http.patch(url('/api/photos/images/10/'), () => HttpResponse.json(backend.images[0])),
    );
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderPhotos();
    await screen.findByRole('cell', { name: 'Conference - talk.jpg' });
    const table = screen.getByRole('region', { name: 'Uploaded Images' });
    await user.click(within(rowOf('Conference - talk.jpg')).getByRole('button', { name: /Delete/ }));
    expect(await within(table).findByRole('alert')).toHaveTextContent('Failed to delete image. Storage unavailable.');

    await user.click(within(rowOf('Conference - talk.jpg')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Image' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(table).findByText('Image updated successfully!')).toBeInTheDocument();
    expect(within(table).queryByText(/Failed to delete image/)).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Dismiss message' }));
    expect(within(table).queryByText('Image updated successfully!')).not.toBeInTheDocument();
  });
});

describe('photos screen: image edit modal', () => {
  const image = anImage({ id: 10, title: 'Conference - talk.jpg', description: 'Keynote' });

  async function openEditor() {
    const utils = renderPhotos();
    await screen.findByRole('cell', { name: 'Conference - talk.jpg' });
    const row = screen.getByRole('cell', { name: 'Conference - talk.jpg' }).closest('tr') as HTMLElement;
    await utils.user.click(within(row).getByRole('button', { name: /Edit/ }));
    return { ...utils, dialog: await screen.findByRole('dialog', { name: 'Edit Image' }) };
  }

  afterEach(() => jest.restoreAllMocks());

  it('opens with the image details and closes on Cancel', async () => {
    servePhotos({ images: [image], galleries: [aGallery(), aGallery({ id: 2, name: 'Travel', slug: 'travel' })] });
    const { user, dialog } = await openEditor();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Conference - talk.jpg');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Keynote');
    expect(within(dialog).getByLabelText('Gallery')).toHaveValue('1');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No Gallery', 'Page Logos', 'Travel']);
    expect(within(dialog).getByLabelText('Replace image (optional)')).toHaveAttribute('accept', 'image/*');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the picture being edited, described by its description, or by its title without one', async () => {
    servePhotos({ images: [image] });
    const { user, dialog } = await openEditor();
    const picture = within(dialog).getByRole('img', { name: 'Keynote' });
    expect(picture).toHaveAttribute('src', image.sizes.thumb);
    // The thumbnail rendition fits in 160 px: a 1200 × 800 picture is 160 × 107.
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['160', '107']);
    expect(within(dialog).getByText('Current picture')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(imageAlt({ title: 'Logo - logo-green.jpg', description: '' })).toBe('Logo - logo-green.jpg');
    expect(imageAlt({ title: 'Logo - logo-green.jpg', description: '  The green logo on white.  ' })).toBe('The green logo on white.');
    expect(imageAlt({ title: '', description: '' }, 'Ada Lovelace')).toBe('Ada Lovelace');
  });

  it('requires a title', async () => {
    servePhotos({ images: [image] });
    const edits = serveWrite('patch', '/api/photos/images/10/', formFields, () => HttpResponse.json(image));
    const { user, dialog } = await openEditor();
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Image title cannot be empty.');
    expect(edits).toEqual([]);
  });

  it('saves title, description, gallery (empty for none) and a replacement image, then confirms and closes', async () => {
    const backend = servePhotos({ images: [image] });
    const edits = serveWrite('patch', '/api/photos/images/10/', formFields, (sent) => {
      const updated = { ...image, title: sent.title, description: sent.description, gallery: null, gallery_name: null };
      backend.images = [updated];
      return HttpResponse.json(updated);
    });
    const { user, dialog } = await openEditor();
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Keynote talk');
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(within(dialog).getByLabelText('Description'), 'Opening keynote');
    await user.selectOptions(within(dialog).getByLabelText('Gallery'), 'No Gallery');
    await user.upload(within(dialog).getByLabelText('Replace image (optional)'), aFile('better.png', 'image/png'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Image updated successfully!')).toBeInTheDocument();
    expect(edits).toEqual([{ title: 'Keynote talk', description: 'Opening keynote', gallery: '', image: 'file:better.png' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Keynote talk' })).toBeInTheDocument();
    expect(within(rowOfTitle('Keynote talk')).getByRole('cell', { name: 'Unassigned' })).toBeInTheDocument();
  });

  it('sends no image when none is chosen', async () => {
    servePhotos({ images: [image] });
    const edits = serveWrite('patch', '/api/photos/images/10/', formFields, () => HttpResponse.json(image));
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Image updated successfully!')).toBeInTheDocument();
    expect(edits).toEqual([{ title: 'Conference - talk.jpg', description: 'Keynote', gallery: '1' }]);
  });

  it('says why an update failed in the modal, logs it, and keeps the modal open', async () => {
    servePhotos({ images: [image] });
    server.use(http.patch(url('/api/photos/images/10/'), () => HttpResponse.json({ image: ['Upload a valid image.'] }, { status: 400 })));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update image. Check console for details. Upload a valid image.');
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Image' })).toBeInTheDocument();
    expect(screen.queryByText('Image updated successfully!')).not.toBeInTheDocument();
  });
});

function rowOfTitle(title: string) {
  return screen.getByRole('cell', { name: title }).closest('tr') as HTMLElement;
}
