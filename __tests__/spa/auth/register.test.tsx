import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';

import { aUser, renderApp } from '../render';
import { jsonBody, serveWrite } from '../writes';

const REGISTER = '/api/users/register/';
type User = ReturnType<typeof userEvent.setup>;

async function openRegister() {
  const rendered = renderApp({ route: '/register' });
  await screen.findByRole('heading', { name: 'Register' }, { timeout: 3000 });
  return rendered;
}

/** The person `fill` registers, under the names the payload gives the fields. */
const ada = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', password: 'a long passphrase' };

async function fill(user: User, { password2 = ada.password, notes = '' } = {}) {
  await user.type(screen.getByLabelText('Email'), ada.email);
  await user.type(screen.getByLabelText('First name'), ada.first_name);
  await user.type(screen.getByLabelText('Last name'), ada.last_name);
  await user.type(screen.getByLabelText('Password'), ada.password);
  await user.type(screen.getByLabelText('Confirm password'), password2);
  if (notes) await user.type(screen.getByLabelText('Interest notes (optional)'), notes);
}

const agree = (user: User) => user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create an account' }));

const recordRegistrations = (answer: () => Response | Promise<Response> = () => HttpResponse.json(aUser(), { status: 201 })) =>
  serveWrite('post', REGISTER, jsonBody, answer);

describe('registration screen', () => {
  it('has every field with its autocomplete purpose, and show/hide on both passwords', async () => {
    const user = userEvent.setup();
    await openRegister();
    const purposes = { Email: 'email', 'First name': 'given-name', 'Last name': 'family-name', Password: 'new-password', 'Confirm password': 'new-password' };
    for (const [name, purpose] of Object.entries(purposes)) {
      expect(screen.getByLabelText(name)).toHaveAttribute('autocomplete', purpose);
      expect(screen.getByLabelText(name)).toBeRequired();
    }
    expect(screen.getByLabelText('Interest notes (optional)')).not.toBeRequired();
    const toggles = within(screen.getByRole('main')).getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]);
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('holds the server’s length limits, and counts the interest notes', async () => {
    const user = userEvent.setup();
    await openRegister();
    for (const [name, limit] of Object.entries({ Email: '254', 'First name': '150', 'Last name': '150' })) {
      expect(screen.getByLabelText(name)).toHaveAttribute('maxlength', limit);
    }
    const notes = screen.getByLabelText('Interest notes (optional)');
    expect(notes).toHaveAttribute('maxlength', '2000');
    await user.type(notes, 'Rough volatility');
    expect(notes).toHaveAccessibleDescription(expect.stringContaining('16 of 2,000 characters'));
  });

  it('opens the terms: seven sections, last updated June 9th, 2025, and I agree ticks the box', async () => {
    const user = userEvent.setup();
    await openRegister();
    const checkbox = screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' });
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    expect(checkbox).not.toBeChecked();
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByText('Last updated: June 9th, 2025')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    await user.click(within(dialog).getByRole('button', { name: 'I agree' }));
    expect(checkbox).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says Passwords do not match. without calling the server and moves focus to the message', async () => {
    const user = userEvent.setup();
    const bodies = recordRegistrations();
    await openRegister();
    await fill(user, { password2: 'something else' });
    await agree(user);
    await submit(user);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^Passwords do not match\.$/);
    expect(alert.parentElement).toHaveFocus();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('requires agreeing to the terms', async () => {
    const user = userEvent.setup();
    const bodies = recordRegistrations();
    await openRegister();
    await fill(user);
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent(/^You must agree to the Terms and Conditions to register\.$/);
    expect(bodies).toEqual([]);
  });

  it('shows Registering... while sending, posts the payload and goes to sign-in with registrationSuccess=true', async () => {
    const user = userEvent.setup();
    const bodies = recordRegistrations(async () => {
      await delay(100);
      return HttpResponse.json(aUser(), { status: 201 });
    });
    const { router } = await openRegister();
    await fill(user, { notes: 'Volatility models' });
    await agree(user);
    await submit(user);
    expect(screen.getByRole('button', { name: 'Registering...' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?registrationSuccess=true');
    expect(await screen.findByText('Thank you. Check your email: we have sent a message to that address saying how to sign in.')).toBeInTheDocument();
    expect(bodies).toEqual([{ ...ada, password2: ada.password, interest_notes: 'Volatility models' }]);
  });

  it('prints the server errors as lines: Email, Password, non_field_errors, detail', async () => {
    const user = userEvent.setup();
    recordRegistrations(() =>
      HttpResponse.json(
        {
          email: ['A user with that email already exists.'],
          password: ['This password is too short.', 'This password is too common.'],
          non_field_errors: ['Registration is closed for maintenance.'],
          detail: 'Please try later.',
        },
        { status: 400 },
      ),
    );
    await openRegister();
    await fill(user);
    await agree(user);
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Email: A user with that email already exists.')).toBeInTheDocument();
    expect(within(alert).getByText('Password: This password is too short. This password is too common.')).toBeInTheDocument();
    expect(within(alert).getByText('Registration is closed for maintenance.')).toBeInTheDocument();
    expect(within(alert).getByText('Please try later.')).toBeInTheDocument();
    expect(alert.textContent).toBe(
      'Email: A user with that email already exists.Password: This password is too short. This password is too common.Registration is closed for maintenance.Please try later.',
    );
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    // Nothing typed is lost.
    expect(screen.getByLabelText('Email')).toHaveValue(ada.email);
    expect(screen.getByLabelText('Password')).toHaveValue(ada.password);
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).toBeChecked();
  });

  it('falls back to Registration failed. Please check your input.', async () => {
    const user = userEvent.setup();
    recordRegistrations(() => new HttpResponse(null, { status: 500 }));
    await openRegister();
    await fill(user);
    await agree(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed\. Please check your input\.$/);
  });

  it('says Network error — please try again. when no answer comes', async () => {
    const user = userEvent.setup();
    recordRegistrations(() => HttpResponse.error());
    await openRegister();
    await fill(user);
    await agree(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error — please try again\.$/);
  });
});
