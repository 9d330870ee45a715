import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import type { Gallery } from '@/contract';

import { server, url } from '../msw';
import { aStaffUser, renderApp, renderAsStaff, slowSessionCheck } from '../render';
import { jsonBody, serveDelete, serveWrite } from '../writes';
import { aGallery } from './fixtures';

const logos = aGallery({ id: 1, name: 'Page Logos', slug: 'page-logos', description: 'Front page pictures' });
const travel = aGallery({ id: 2, name: 'Travel', slug: 'travel', description: '' });

function serveGalleries(galleries: Gallery[] = [logos, travel]) {
  const backend = { galleries, lists: 0 };
  server.use(
    http.get(url('/api/photos/galleries/'), () => {
      backend.lists += 1;
      return HttpResponse.json(backend.galleries);
    }),
  );
  return backend;
}

const renderGalleries = () => renderAsStaff('/galleries');

const card = (name: string) => screen.getByRole('region', { name: new RegExp(name) });

describe('galleries screen: loading', () => {
  it('shows Loading galleries... from the session check until the list is there', async () => {
    slowSessionCheck(20, aStaffUser());
    server.use(
      http.get(url('/api/photos/galleries/'), async () => {
        await delay(20);
        return HttpResponse.json([logos]);
      }),
    );
    renderApp({ route: '/galleries' });
    expect(await screen.findByText('Loading galleries...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Page Logos' })).toBeInTheDocument();
    expect(screen.queryByText('Loading galleries...')).not.toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    server.use(http.get(url('/api/photos/galleries/'), () => HttpResponse.json({ detail: 'Forbidden.' }, { status: 403 })));
    renderGalleries();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load galleries. Access denied or server error.');
  });
});

describe('galleries screen: list', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows name, slug and description, No description when empty, and the way back to photos', async () => {
    serveGalleries();
    renderGalleries();
    await screen.findByRole('heading', { name: 'Page Logos' });
    expect(within(card('Page Logos')).getByText('page-logos')).toBeInTheDocument();
    expect(within(card('Page Logos')).getByText('Front page pictures')).toBeInTheDocument();
    expect(within(card('Travel')).getByText('travel')).toBeInTheDocument();
    expect(within(card('Travel')).getByText('No description')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Photo Management' })).toHaveAttribute('href', '/photos');
  });

  it('edits one gallery at a time and returns to the view on Cancel', async () => {
    serveGalleries();
    const saves = serveWrite('patch', '/api/photos/galleries/update/1/', jsonBody, () => HttpResponse.json(logos));
    const { user } = renderGalleries();
    await screen.findByRole('heading', { name: 'Page Logos' });
    await user.click(within(card('Page Logos')).getByRole('button', { name: /Edit/ }));
    const editing = card('Edit Page Logos');
    expect(within(editing).getByLabelText('Name')).toHaveValue('Page Logos');
    expect(within(editing).getByLabelText('Name')).toHaveFocus();
    expect(within(editing).getByLabelText('Description')).toHaveValue('Front page pictures');
    expect(within(editing).getByLabelText('Name')).toHaveAttribute('maxlength', '100');
    expect(within(editing).getByLabelText('Description')).toHaveAccessibleDescription('19 of 5,000 characters');
    expect(within(card('Travel')).getByRole('button', { name: /Edit/ })).toBeDisabled();
    expect(within(card('Travel')).getByRole('button', { name: /Delete/ })).toBeDisabled();

    await user.type(within(editing).getByLabelText('Name'), ' changed');
    await user.click(within(editing).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Page Logos' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(within(card('Travel')).getByRole('button', { name: /Edit/ })).toBeEnabled();
    expect(within(card('Page Logos')).getByRole('button', { name: /Edit/ })).toHaveFocus();
    expect(saves).toEqual([]);
  });

  it('refuses to save an empty name', async () => {
    serveGalleries();
    const { user } = renderGalleries();
    await screen.findByRole('heading', { name: 'Travel' });
    await user.click(within(card('Travel')).getByRole('button', { name: /Edit/ }));
    const editing = card('Edit Travel');
    await user.clear(within(editing).getByLabelText('Name'));
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    expect(within(editing).getByRole('alert')).toHaveTextContent('Gallery name cannot be empty.');
  });

  it('saves name and description, leaves edit mode and shows the refreshed gallery', async () => {
    const backend = serveGalleries();
    const saves = serveWrite('patch', '/api/photos/galleries/update/2/', jsonBody, () => {
      const updated = { ...travel, name: 'Journeys', description: 'Trips abroad' };
      backend.galleries = [logos, updated];
      return HttpResponse.json(updated);
    });
    const { user } = renderGalleries();
    await screen.findByRole('heading', { name: 'Travel' });
    await user.click(within(card('Travel')).getByRole('button', { name: /Edit/ }));
    const editing = card('Edit Travel');
    await user.clear(within(editing).getByLabelText('Name'));
    await user.type(within(editing).getByLabelText('Name'), 'Journeys');
    await user.type(within(editing).getByLabelText('Description'), 'Trips abroad');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Journeys' })).toBeInTheDocument();
    expect(saves).toEqual([{ name: 'Journeys', description: 'Trips abroad' }]);
    expect(within(card('Journeys')).getByText('Trips abroad')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('reports a failed save and stays in edit mode', async () => {
    serveGalleries();
    server.use(http.patch(url('/api/photos/galleries/update/2/'), () => HttpResponse.json({ name: ['Taken.'] }, { status: 400 })));
    const { user } = renderGalleries();
    await screen.findByRole('heading', { name: 'Travel' });
    await user.click(within(card('Travel')).getByRole('button', { name: /Edit/ }));
    const editing = card('Edit Travel');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    expect(await within(editing).findByRole('alert')).toHaveTextContent('Failed to save gallery changes.');
    expect(within(editing).getByLabelText('Name')).toBeInTheDocument();
  });

  it('asks before deleting, warning that images become unassigned, and keeps the gallery when cancelled', async () => {
    serveGalleries();
    const deletion = serveDelete('/api/photos/galleries/2/');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderGalleries();
    await screen.findByRole('heading', { name: 'Travel' });
    await user.click(within(card('Travel')).getByRole('button', { name: /Delete/ }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete this gallery? This will not delete the images inside it; they will become unassigned.',
    );
    expect(deletion.count).toBe(0);
  });

  it('deletes a confirmed gallery and refreshes the list', async () => {
    const backend = serveGalleries();
    serveDelete('/api/photos/galleries/2/', () => (backend.galleries = [logos]));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderGalleries();
    await screen.findByRole('heading', { name: 'Travel' });
    await user.click(within(card('Travel')).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Travel' })).not.toBeInTheDocument());
    expect(backend.lists).toBe(2);
  });

  it('reports a failed delete', async () => {
    serveGalleries();
    server.use(http.delete(url('/api/photos/galleries/2/'), () => HttpResponse.json({ detail: 'No.' }, { status: 500 })));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderGalleries();
    await screen.findByRole('heading', { name: 'Travel' });
    await user.click(within(card('Travel')).getByRole('button', { name: /Delete/ }));
    expect(await within(card('Travel')).findByRole('alert')).toHaveTextContent('Failed to delete gallery.');
  });

  it('says so when there are no galleries', async () => {
    serveGalleries([]);
    renderGalleries();
    expect(await screen.findByText('No galleries yet.')).toBeInTheDocument();
  });
});
