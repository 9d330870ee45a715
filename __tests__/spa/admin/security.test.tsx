import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { server, url } from '../msw';
import { renderAsStaff } from '../render';
import { anAdminUser, serveAdmin } from './adminBackend';

/** The signed-in staff member (aStaffUser: id 1, Ada Lovelace). */
const me = anAdminUser({ id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', is_staff: true });
const colleague = anAdminUser({ id: 4, email: 'sam@example.com', first_name: 'Sam', last_name: 'Staff', is_staff: true });

const panel = async () => within(await screen.findByRole('region', { name: 'Sign-in security' }));

describe('administration: sign-in security', () => {
  it('is a tab of the administration area', async () => {
    serveAdmin([me]);
    const { user } = renderAsStaff('/admin');
    await user.click(await screen.findByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign-in security' })).toBeInTheDocument();
  });

  it('lets the owner require passkeys of staff, and logs it', async () => {
    const backend = serveAdmin([{ ...me, is_owner: true }, colleague]);
    const { user } = renderAsStaff('/admin/security');
    const security = await panel();
    expect(await security.findByText('0 of 2 staff members have a passkey.')).toBeInTheDocument();
    const box = security.getByRole('checkbox', { name: 'Require passkeys for staff' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/recovery codes; the operator’s npm run reset-password still lets anyone back in\.$/);
    expect(security.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(box);
    await user.click(security.getByRole('button', { name: 'Save' }));
    expect(await security.findByRole('status')).toHaveTextContent('Passkeys are now required: staff who have one sign in with it.');
    expect(backend.mutations).toEqual(['SECURITY {"staff_passkeys_required":true}']);
    await waitFor(() => expect(security.getByRole('checkbox', { name: 'Require passkeys for staff' })).toBeChecked());

    await user.click(security.getByRole('checkbox', { name: 'Require passkeys for staff' }));
    await user.click(security.getByRole('button', { name: 'Save' }));
    expect(await security.findByText('Passkeys are no longer required: staff may sign in with their password.')).toBeInTheDocument();
  });

  it('shows other staff the setting, which only the owner changes', async () => {
    const backend = serveAdmin([me, colleague]);
    backend.passkeysRequired = true;
    renderAsStaff('/admin/security');
    const security = await panel();
    const box = await security.findByRole('checkbox', { name: 'Require passkeys for staff' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Only the site’s owner can change this.');
    expect(security.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('reports a refused change with the server’s reason', async () => {
    serveAdmin([{ ...me, is_owner: true }]);
    server.use(
      http.patch(
        url('/api/admin/sign-in-security/'),
        () => HttpResponse.json({ detail: 'Only the site’s owner can change how staff sign in.' }, { status: 403 }),
        {
          once: true,
        },
      ),
    );
    const { user } = renderAsStaff('/admin/security');
    const security = await panel();
    await user.click(await security.findByRole('checkbox', { name: 'Require passkeys for staff' }));
    await user.click(security.getByRole('button', { name: 'Save' }));
    expect(await security.findByRole('alert')).toHaveTextContent('Failed to change how staff sign in. Only the site’s owner can change how staff sign in.');
  });
});
