import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { AdminUser } from '@/contract/admin';
import { formatDate } from '@/contract/dates';
import { formatDateTime } from '@/contract/dates';

import { server, url } from '../msw';
import { renderAsStaff } from '../render';
import { anAdminUser, serveAdmin } from './adminBackend';

/** The signed-in staff member (aStaffUser is id 1, Ada Lovelace) as the list shows them. */
const me = anAdminUser({ id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', is_staff: true, date_joined: '2024-01-01T00:00:00.000Z' });
const grace = anAdminUser({
  id: 2,
  last_login: '2025-06-01T08:30:00.000Z',
  interest_notes: 'Compilers and risk models',
});
const alan = anAdminUser({ id: 3, email: 'alan@example.org', first_name: 'Alan', last_name: 'Turing', date_joined: '2025-05-05T00:00:00.000Z' });

const renderAdmin = (route = '/admin') => renderAsStaff(route);

const rowOf = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(`^${name}`) })).closest('tr') as HTMLElement;

const manyUsers = (n: number): AdminUser[] =>
  Array.from({ length: n }, (_, i) => anAdminUser({ id: 100 + i, email: `user${i + 1}@example.com`, first_name: `User${i + 1}`, last_name: 'Sample' }));

describe('administration: users list', () => {
  it('shows each user with joined date, last login, interest notes and status', async () => {
    serveAdmin([alan, grace, me]);
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Backend Administration' })).toBeInTheDocument();
    const row = await rowOf('Grace Hopper');
    expect(within(row).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(row).getByText(formatDate(grace.date_joined))).toHaveAttribute('datetime', grace.date_joined);
    expect(within(row).getByText(formatDate('2025-06-01T08:30:00.000Z'))).toHaveAttribute('title', formatDateTime('2025-06-01T08:30:00.000Z'));
    expect(within(row).getByText('Compilers and risk models')).toBeInTheDocument();
    expect(within(row).getByText('Member')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();

    const alanRow = await rowOf('Alan Turing');
    expect(within(alanRow).getByText('Never')).toBeInTheDocument();
    expect(within(alanRow).getByText('None')).toBeInTheDocument();
    expect(within(await rowOf('Ada Lovelace')).getByText('Staff')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3 users')).toBeInTheDocument();
    expect(document.title).toMatch(/^Backend Administration/);
  });

  it('labels every cell with its column, for the phone layout', async () => {
    serveAdmin([grace]);
    renderAdmin();
    const row = await rowOf('Grace Hopper');
    const labels = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(['User', 'Joined', 'Last login', 'Interest notes', 'Actions']);
  });

  it('shows a deactivated user as such, with Activate', async () => {
    serveAdmin([anAdminUser({ is_active: false })]);
    renderAdmin();
    const row = await rowOf('Grace Hopper');
    expect(within(row).getByText('Deactivated')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Activate Grace Hopper' })).toBeEnabled();
  });

  it('names a user without a name by their email', async () => {
    serveAdmin([anAdminUser({ first_name: '', last_name: '' })]);
    renderAdmin();
    expect(await screen.findByRole('button', { name: 'Grant staff to grace@example.com' })).toBeInTheDocument();
  });

  it('reports a failed load with the server’s reason', async () => {
    serveAdmin([]);
    server.use(http.get(url('/api/admin/users/'), () => HttpResponse.json({ detail: 'Database unavailable.' }, { status: 503 })));
    renderAdmin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users. Database unavailable.');
  });

  it('says when there are no users', async () => {
    serveAdmin([]);
    renderAdmin();
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  });
});

describe('administration: search', () => {
  it('searches on submit from page 1, and clears the search', async () => {
    const backend = serveAdmin([alan, grace, me, ...manyUsers(25)]);
    const { user } = renderAdmin();
    await screen.findByText('Showing 1–20 of 28 users');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Showing 21–28 of 28 users');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '  HOPPER ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 1–1 of 1 users')).toBeInTheDocument();
    expect(screen.getByText('Results for “HOPPER”.')).toBeInTheDocument();
    expect(backend.userQueries.at(-1)).toBe('search=HOPPER&page=1&page_size=20');
    expect(screen.getByRole('cell', { name: /^Grace Hopper/ })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: /^Alan Turing/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Showing 1–20 of 28 users')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
    expect(backend.userQueries.at(-1)).toBe('page=1&page_size=20');
  });

  it('searches with the Enter key', async () => {
    serveAdmin([alan, grace]);
    const { user } = renderAdmin();
    await rowOf('Alan Turing');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'example.org{Enter}');
    expect(await screen.findByText('Showing 1–1 of 1 users')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    serveAdmin([grace]);
    const { user } = renderAdmin();
    await rowOf('Grace Hopper');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody{Enter}');
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
  });
});

describe('administration: paging', () => {
  it('pages forward and back with counts, disabling the ends', async () => {
    const backend = serveAdmin(manyUsers(45));
    const { user } = renderAdmin();
    expect(await screen.findByText('Showing 1–20 of 45 users')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 21–40 of 45 users')).toBeInTheDocument();
    expect(within(pages).getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 41–45 of 45 users')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(await screen.findByRole('cell', { name: /^User45 Sample/ })).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 21–40 of 45 users')).toBeInTheDocument();
    expect(backend.userQueries).toEqual(expect.arrayContaining(['page=2&page_size=20', 'page=3&page_size=20']));
  });

  it('steps back a page when deleting the only user on the last page', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    serveAdmin(manyUsers(21));
    const { user } = renderAdmin();
    await screen.findByText('Showing 1–20 of 21 users');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('button', { name: 'Delete User21 Sample' }));
    expect(await screen.findByText('Showing 1–20 of 20 users')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });
});

describe('administration: actions on a user', () => {
  afterEach(() => jest.restoreAllMocks());

  const failOnce = (method: 'patch' | 'post' | 'delete', path: string, status = 400, body: object = { detail: 'Refused by the server.' }) =>
    server.use(http[method](url(path), () => HttpResponse.json(body, { status }), { once: true }));

  it.each([
    ['Grant staff to Grace Hopper', anAdminUser(), 'Grace Hopper is now staff.', 'Withdraw staff from Grace Hopper', { is_staff: true }],
    [
      'Withdraw staff from Grace Hopper',
      anAdminUser({ is_staff: true }),
      'Grace Hopper is no longer staff.',
      'Grant staff to Grace Hopper',
      { is_staff: false },
    ],
    ['Deactivate Grace Hopper', anAdminUser(), 'Grace Hopper has been deactivated and signed out everywhere.', 'Activate Grace Hopper', { is_active: false }],
    ['Activate Grace Hopper', anAdminUser({ is_active: false }), 'Grace Hopper has been activated.', 'Deactivate Grace Hopper', { is_active: true }],
  ])('%s: says so and shows the new state', async (button, target, success, nextButton, body) => {
    const backend = serveAdmin([target, me]);
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByRole('status')).toHaveTextContent(success);
    expect(await screen.findByRole('button', { name: nextButton })).toBeInTheDocument();
    expect(backend.mutations).toEqual([`PATCH 2 ${JSON.stringify(body)}`]);
  });

  it.each([
    ['Grant staff to Grace Hopper', anAdminUser(), 'Failed to grant staff to Grace Hopper. Refused by the server.'],
    ['Withdraw staff from Grace Hopper', anAdminUser({ is_staff: true }), 'Failed to withdraw staff from Grace Hopper. Refused by the server.'],
    ['Deactivate Grace Hopper', anAdminUser(), 'Failed to deactivate Grace Hopper. Refused by the server.'],
    ['Activate Grace Hopper', anAdminUser({ is_active: false }), 'Failed to activate Grace Hopper. Refused by the server.'],
  ])('%s: reports a failure with the server’s reason', async (button, target, failure) => {
    serveAdmin([target, me]);
    failOnce('patch', '/api/admin/users/:id/');
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: button }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(failure);
    // The failure takes the focus, so keyboard users land on it.
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByRole('button', { name: button })).toBeEnabled();
  });

  it('reports a failure and that no answer came when the network is down', async () => {
    serveAdmin([anAdminUser(), me]);
    server.use(http.patch(url('/api/admin/users/:id/'), () => HttpResponse.error(), { once: true }));
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Grant staff to Grace Hopper' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to grant staff to Grace Hopper. Network error — please try again.');
  });

  it('signs a user out everywhere', async () => {
    const backend = serveAdmin([anAdminUser(), me]);
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere (Grace Hopper)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Grace Hopper has been signed out everywhere.');
    expect(backend.mutations).toEqual(['SIGN-OUT 2']);
  });

  it('reports a failed sign-out', async () => {
    serveAdmin([anAdminUser(), me]);
    failOnce('post', '/api/admin/users/:id/sign-out/', 500, {});
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere (Grace Hopper)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to sign out Grace Hopper\.$/);
  });

  it('deletes a user after confirmation', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const backend = serveAdmin([anAdminUser(), me]);
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Delete Grace Hopper' }));
    expect(confirm).toHaveBeenCalledWith('Delete the account of Grace Hopper (grace@example.com)? Their sessions end and this cannot be undone.');
    expect(await screen.findByRole('status')).toHaveTextContent('The account of Grace Hopper has been deleted.');
    await waitFor(() => expect(screen.queryByRole('cell', { name: /^Grace Hopper/ })).not.toBeInTheDocument());
    expect(screen.getByText('Showing 1–1 of 1 users')).toBeInTheDocument();
    expect(backend.mutations).toEqual(['DELETE 2']);
  });

  it('does nothing when the deletion is not confirmed', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const backend = serveAdmin([anAdminUser(), me]);
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Delete Grace Hopper' }));
    expect(backend.mutations).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /^Grace Hopper/ })).toBeInTheDocument();
  });

  it('reports a failed deletion', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    serveAdmin([anAdminUser(), me]);
    failOnce('delete', '/api/admin/users/:id/', 400, { detail: 'You cannot delete your own account.' });
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Delete Grace Hopper' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete Grace Hopper. You cannot delete your own account.');
    expect(screen.getByRole('cell', { name: /^Grace Hopper/ })).toBeInTheDocument();
  });

  it('refreshes the list when the user is already gone', async () => {
    const backend = serveAdmin([anAdminUser(), me]);
    const { user } = renderAdmin();
    const button = await screen.findByRole('button', { name: 'Grant staff to Grace Hopper' });
    backend.users = backend.users.filter((u) => u.id !== 2);
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to grant staff to Grace Hopper. Not found.');
    await waitFor(() => expect(screen.queryByRole('cell', { name: /^Grace Hopper/ })).not.toBeInTheDocument());
  });

  it('replaces the previous message with the next one', async () => {
    serveAdmin([anAdminUser(), alan, me]);
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Grant staff to Grace Hopper' }));
    await screen.findByText('Grace Hopper is now staff.');
    await user.click(screen.getByRole('button', { name: 'Deactivate Alan Turing' }));
    expect(await screen.findByText('Alan Turing has been deactivated and signed out everywhere.')).toBeInTheDocument();
    expect(screen.queryByText('Grace Hopper is now staff.')).not.toBeInTheDocument();
  });
});

describe('administration: self-protection', () => {
  it('disables withdrawing your own staff right, deactivating, signing out and deleting yourself, and says why', async () => {
    serveAdmin([grace, me]);
    renderAdmin();
    const row = await rowOf('Ada Lovelace');
    expect(within(row).getByText('You')).toBeInTheDocument();
    const note = within(row).getByText(/This is your account: you cannot withdraw your own staff access, deactivate or delete yourself here\./);
    for (const name of ['Withdraw staff from Ada Lovelace', 'Deactivate Ada Lovelace', 'Delete Ada Lovelace']) {
      const button = within(row).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(note.textContent ?? '');
    }
    // Other rows stay usable.
    expect(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Delete Grace Hopper' })).toBeEnabled();
  });
});

describe('administration: the owner', () => {
  it('shows the owner and offers no action on the owner’s account to other staff', async () => {
    const owner = anAdminUser({ id: 9, email: 'olivia@example.com', first_name: 'Olivia', last_name: 'Owner', is_staff: true, is_owner: true });
    serveAdmin([owner, grace, me]);
    renderAdmin();
    const row = await rowOf('Olivia Owner');
    expect(within(row).getByText('Owner')).toBeInTheDocument();
    const note = within(row).getByText('This is the site’s owner: only the owner can change this account.');
    for (const name of ['Withdraw staff from Olivia Owner', 'Deactivate Olivia Owner', 'Delete Olivia Owner']) {
      const button = within(row).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(note.textContent ?? '');
    }
    expect(within(row).queryByRole('button', { name: 'Sign out everywhere (Olivia Owner)' })).not.toBeInTheDocument();
    expect(within(await rowOf('Grace Hopper')).queryByText('Owner')).not.toBeInTheDocument();
  });

  it('offers signing staff out everywhere to the owner alone; other staff sign out members only', async () => {
    const colleague = anAdminUser({ id: 4, email: 'sam@example.com', first_name: 'Sam', last_name: 'Staff', is_staff: true });
    serveAdmin([colleague, grace, me]);
    const { unmount } = renderAdmin();
    expect(await within(await rowOf('Grace Hopper')).findByRole('button', { name: 'Sign out everywhere (Grace Hopper)' })).toBeEnabled();
    expect(within(await rowOf('Sam Staff')).queryByRole('button', { name: 'Sign out everywhere (Sam Staff)' })).not.toBeInTheDocument();
    expect(within(await rowOf('Ada Lovelace')).queryByRole('button', { name: 'Sign out everywhere (Ada Lovelace)' })).not.toBeInTheDocument();
    unmount();

    const backend = serveAdmin([colleague, grace, { ...me, is_owner: true }]);
    const { user } = renderAdmin();
    const button = await within(await rowOf('Sam Staff')).findByRole('button', { name: 'Sign out everywhere (Sam Staff)' });
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Sam Staff has been signed out everywhere.');
    expect(backend.mutations).toEqual(['SIGN-OUT 4']);
    // The owner's own row keeps the button, disabled: their sign-ins are on their profile.
    expect(within(await rowOf('Ada Lovelace')).getByRole('button', { name: 'Sign out everywhere (Ada Lovelace)' })).toBeDisabled();
  });
});
