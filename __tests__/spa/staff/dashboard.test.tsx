import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { server, url } from '../msw';
import { aStaffUser, aUser, renderApp, signedInAs } from '../render';

describe('staff dashboard', () => {
  it('greets staff by first name and offers documents, photos and the administration backend', async () => {
    renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser({ first_name: 'Grace' })) });
    expect(await screen.findByRole('heading', { level: 1, name: /Grace/ })).toBeInTheDocument();

    const documents = screen.getByRole('region', { name: 'Manage My Documents' });
    expect(within(documents).getByRole('link')).toHaveAttribute('href', '/documents');
    const photos = screen.getByRole('region', { name: 'Manage My Photos' });
    expect(within(photos).getByRole('link')).toHaveAttribute('href', '/photos');
    const admin = screen.getByRole('region', { name: 'Backend Administration' });
    expect(within(admin).getByRole('link')).toHaveAttribute('href', '/admin');
  });

  it('greets by email when there is no first name', async () => {
    renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser({ first_name: '', email: 'staff@example.com' })) });
    expect(await screen.findByRole('heading', { level: 1, name: /staff@example\.com/ })).toBeInTheDocument();
  });

  it('is not shown to signed-in non-staff, who are sent home', async () => {
    // The home page asks for its banner pictures.
    server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json([])));
    const { router } = renderApp({ route: '/dashboard', preloadedState: signedInAs(aUser()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Manage My Documents')).not.toBeInTheDocument();
  });
});
