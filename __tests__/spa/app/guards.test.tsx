import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Outlet } from 'react-router-dom';

import { RequireAuth } from '@/app/guards/RequireAuth';
import { RequireStaff } from '@/app/guards/RequireStaff';

import { server, url } from '../msw';
import { aStaffUser, aUser, renderApp, signedInAs, signedOutState, slowSessionCheck } from '../render';

const guarded = [
  {
    element: <Outlet />,
    children: [
      { path: '/', element: <p>Home page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
      { element: <RequireAuth />, children: [{ path: '/members', element: <p>Members only</p> }] },
      { element: <RequireStaff />, children: [{ path: '/staff', element: <p>Staff only</p> }] },
    ],
  },
];

describe('route guards', () => {
  it('sends signed-out visitors of an authenticated route to /signin, replacing the history entry', async () => {
    const { router } = renderApp({ route: '/members', routes: guarded });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('admits signed-in users to an authenticated route', async () => {
    renderApp({ route: '/members', routes: guarded, preloadedState: signedInAs(aUser()) });
    expect(await screen.findByText('Members only')).toBeInTheDocument();
  });

  it('shows Loading Authentication... while the session check runs', async () => {
    slowSessionCheck(50);
    renderApp({ route: '/members', routes: guarded });
    expect(screen.getByText('Loading Authentication...')).toBeInTheDocument();
    expect(await screen.findByText('Members only')).toBeInTheDocument();
  });

  it('admits staff to a staff route', async () => {
    renderApp({ route: '/staff', routes: guarded, preloadedState: signedInAs(aStaffUser()) });
    expect(await screen.findByText('Staff only')).toBeInTheDocument();
  });

  it('sends signed-in non-staff from a staff route to /', async () => {
    const { router } = renderApp({ route: '/staff', routes: guarded, preloadedState: signedInAs(aUser()) });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('treats only is_staff exactly true as staff', async () => {
    const odd = { ...aUser(), is_staff: 'true' as unknown as boolean };
    renderApp({ route: '/staff', routes: guarded, preloadedState: signedInAs(odd) });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('sends signed-out visitors of a staff route to /signin', async () => {
    renderApp({ route: '/staff', routes: guarded });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });
});

describe('sign-in and registration screens for a signed-in user', () => {
  // The home page they land on shows the banner pictures.
  beforeEach(() => server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json([]))));

  it.each(['/login', '/signin', '/register'])('sends a signed-in user from %s to the home page instead of an empty form', async (route) => {
    const { router } = renderApp({ route, preloadedState: signedInAs(aUser()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows the sign-in form to a visitor', async () => {
    renderApp({ route: '/login', preloadedState: signedOutState });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
