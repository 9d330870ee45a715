import { screen } from '@testing-library/react';

import { server } from '../msw';
import { aUser, renderApp, signedInAs } from '../render';

describe('staff screens for signed-in non-staff', () => {
  it.each([
    ['/documents', 'You must be an administrator to manage documents.'],
    ['/photos', 'You must be an administrator to manage photos and galleries.'],
    ['/galleries', 'You must be an administrator to manage galleries.'],
  ])('%s shows Access Denied and loads nothing', async (route, message) => {
    const requested: string[] = [];
    const record = ({ request }: { request: Request }) => requested.push(new URL(request.url).pathname);
    server.events.on('request:start', record);
    renderApp({ route, preloadedState: signedInAs(aUser()) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    server.events.removeListener('request:start', record);
    expect(requested).toEqual([]);
  });
});
