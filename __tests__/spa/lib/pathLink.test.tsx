import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { routerFuture } from '@/app/routes';
import { adminBackendUrl } from '@/contract/paths';
import { PathLink } from '@/lib/PathLink';

describe('PathLink', () => {
  it('links in-app paths through the router and other sites with a plain anchor', () => {
    render(
      <MemoryRouter future={routerFuture}>
        <PathLink to="/admin">In app</PathLink>
        <PathLink to="https://admin.example.org/panel">Elsewhere</PathLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'In app' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveAttribute('href', 'https://admin.example.org/panel');
  });

  it('sends the admin-backend links to the in-app area when no ADMIN_URL was built in', () => {
    expect(adminBackendUrl).toBe('/admin');
  });
});
