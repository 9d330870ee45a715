import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { Link, Outlet } from 'react-router-dom';

import { RouteBoundary } from '@/app/RouteBoundary';

import { renderApp, signedOutState } from '../render';

function Broken(): JSX.Element {
  throw new Error('boom');
}

let resolveSlow: (module: { default: () => JSX.Element }) => void = () => undefined;
const Slow = lazy(() => new Promise<{ default: () => JSX.Element }>((resolve) => (resolveSlow = resolve)));

const sectionRoutes = [
  {
    element: (
      <>
        <Link to="/fine">Fine</Link>
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </>
    ),
    children: [
      { path: '/broken', element: <Broken /> },
      { path: '/fine', element: <p>All good</p> },
      { path: '/slow', element: <Slow /> },
    ],
  },
];

describe('route boundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows an error screen for a screen that throws, and clears it on leaving', async () => {
    renderApp({ route: '/broken', routes: sectionRoutes, preloadedState: signedOutState });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error stopped this page from showing.');
    await userEvent.click(screen.getByRole('link', { name: 'Fine' }));
    expect(await screen.findByText('All good')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('shows Loading Application... while a screen’s code arrives', async () => {
    renderApp({ route: '/slow', routes: sectionRoutes, preloadedState: signedOutState });
    expect(screen.getByText('Loading Application...')).toBeInTheDocument();
    resolveSlow({ default: () => <p>Arrived</p> });
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
  });
});
