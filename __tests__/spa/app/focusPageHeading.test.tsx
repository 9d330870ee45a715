import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { Page } from '@/ui';

import { renderApp } from '../render';

/** A heading that arrives with the page's data, a moment after the page itself. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return <Page>{loaded ? <h1>Arrived late</h1> : <p>Loading...</p>}</Page>;
}

const pages = [
  {
    path: '/',
    element: (
      <>
        <nav aria-label="Site">
          <Link to="/next">Next</Link> <Link to="/form">Form</Link> <Link to="/slow">Slow</Link>
        </nav>
        <Page>
          <h1>Start</h1>
        </Page>
      </>
    ),
  },
  {
    path: '/next',
    element: (
      <Page>
        <h1>Next page</h1>
      </Page>
    ),
  },
  {
    path: '/form',
    element: (
      <Page>
        <h1>A form</h1>
        <input aria-label="Name" autoFocus />
      </Page>
    ),
  },
  { path: '/slow', element: <SlowPage /> },
];

describe('focus after moving to another page', () => {
  it('leaves the first page alone, and puts the focus on the next page’s main heading', async () => {
    renderApp({ routes: pages });
    expect(screen.getByRole('heading', { name: 'Start' })).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Next page' });
    expect(heading).toHaveFocus();
    // Focusable by script only: the Tab key does not stop on it.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('waits for a heading that comes with the page’s data', async () => {
    renderApp({ routes: pages });
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(await screen.findByRole('heading', { name: 'Arrived late' })).toHaveFocus();
  });

  it('keeps the focus a page gives one of its own fields', async () => {
    renderApp({ routes: pages });
    await userEvent.click(screen.getByRole('link', { name: 'Form' }));
    await screen.findByRole('heading', { name: 'A form' });
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('moves the focus from a link of the top bar to the heading of the app’s next screen', async () => {
    renderApp({ route: '/about' });
    await screen.findByRole('heading', { level: 1 });
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'On the Web' });
    await userEvent.click(link);
    const heading = await screen.findByRole('heading', { level: 1, name: 'On the Web' });
    expect(heading).toHaveFocus();
  });
});
