import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { AuditEntry } from '@/contract/admin';
import { formatDateTime } from '@/contract/dates';

import { server, url } from '../msw';
import { aUser, renderApp, renderAsStaff, signedInAs } from '../render';
import { anAdminUser, anAuditEntry, serveAdmin } from './adminBackend';

const renderAdmin = (route = '/admin') => renderAsStaff(route);

const entries = (n: number): AuditEntry[] =>
  Array.from({ length: n }, (_, i) => anAuditEntry({ id: n - i, subject: `Subject ${n - i}`, at: new Date(Date.UTC(2025, 0, 1, 0, n - i)).toISOString() }));

describe('administration: audit log', () => {
  it('opens from its tab and lists who did what, when', async () => {
    serveAdmin([anAdminUser()], [anAuditEntry({ action: 'user.staff_granted', subject: 'grace@example.com', details: 'Grace Hopper' })]);
    const { user, router } = renderAdmin();
    const tabs = await screen.findByRole('navigation', { name: 'Administration sections' });
    expect(within(tabs).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: 'Audit log' }));
    expect(router.state.location.pathname).toBe('/admin/audit');
    expect(within(tabs).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['When', 'Staff member', 'Action', 'Subject', 'Details']);
    expect(cells.map((c) => c.textContent)).toEqual([
      formatDateTime('2025-06-09T10:00:00.000Z'),
      'ada@example.com',
      'Granted staff rights',
      'grace@example.com',
      'Grace Hopper',
    ]);
    expect(screen.getByText('Showing 1–1 of 1 entries')).toBeInTheDocument();
  });

  it('names every action in words, an unknown one too, and keeps the moment on one line', async () => {
    serveAdmin(
      [],
      [
        anAuditEntry({ id: 3, action: 'site_content.restored' }),
        anAuditEntry({ id: 2, action: 'document.marked_current' }),
        anAuditEntry({ id: 1, action: 'report.sent_again' }),
      ],
    );
    renderAdmin('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const actions = within(table)
      .getAllByRole('cell')
      .filter((cell) => cell.getAttribute('data-label') === 'Action')
      .map((cell) => cell.textContent);
    expect(actions).toEqual(['Reverted the site content', 'Marked a document current', 'Report: sent again']);
    const when = within(table).getAllByRole('cell')[0].querySelector('time') as HTMLElement;
    expect(getComputedStyle(when).whiteSpace).toBe('nowrap');
  });

  it('opens directly at /admin/audit', async () => {
    serveAdmin([], [anAuditEntry()]);
    renderAdmin('/admin/audit');
    expect(await screen.findByRole('cell', { name: 'CV 2025' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'category CV' })).toBeInTheDocument();
  });

  it('pages through the log newest first', async () => {
    const backend = serveAdmin([], entries(30));
    const { user } = renderAdmin('/admin/audit');
    expect(await screen.findByText('Showing 1–25 of 30 entries')).toBeInTheDocument();
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Subject 30');
    const pages = screen.getByRole('navigation', { name: 'Audit log pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–30 of 30 entries')).toBeInTheDocument();
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Subject 1' })).toBeInTheDocument();
    expect(backend.auditQueries).toEqual(['page=1&page_size=25', 'page=2&page_size=25']);
  });

  it('shows the line an action just wrote', async () => {
    serveAdmin([anAdminUser()]);
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Grant staff to Grace Hopper' }));
    await screen.findByText('Grace Hopper is now staff.');
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('cell', { name: 'Granted staff rights' })).toBeInTheDocument();
  });

  it('says when nothing has been recorded', async () => {
    serveAdmin([]);
    renderAdmin('/admin/audit');
    expect(await screen.findByText('No staff actions recorded yet.')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    server.use(http.get(url('/api/admin/audit/'), () => HttpResponse.json({}, { status: 500 })));
    renderAdmin('/admin/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load the audit log\.$/);
  });

  it('sends unknown sections back to the users list', async () => {
    serveAdmin([anAdminUser()]);
    const { router } = renderAdmin('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});

describe('administration: access', () => {
  it('sends signed-in non-staff away without loading anything', async () => {
    const backend = serveAdmin([anAdminUser()], [anAuditEntry()]);
    // The home page they land on asks for its banner pictures.
    server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json([])));
    const { router } = renderApp({ route: '/admin/audit', preloadedState: signedInAs(aUser()) });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/');
    expect(backend.userQueries).toEqual([]);
    expect(backend.auditQueries).toEqual([]);
  });
});
