import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { RESET_REDIRECT_MS } from '@/features/auth/ResetPasswordPage';

import { server, url } from '../msw';
import { renderApp } from '../render';

const FORGOT = '/backend/forgotpasswordreset/';
const CONFIRM = '/backend/password-reset-confirm/MQ/abc-123/';

async function open(route: string, heading: string) {
  const rendered = renderApp({ route });
  await screen.findByRole('heading', { name: heading }, { timeout: 3000 });
  return rendered;
}

describe('forgot password', () => {
  it('sends the email, shows the server detail and locks the form', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post(url(FORGOT), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'If an account exists for that address, a reset link is on its way.' });
      }),
    );
    await open('/forgot-password', 'Forgot password');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    await user.type(email, 'ada@example.com{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for that address, a reset link is on its way.');
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
    expect(email).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Password Reset Link' })).toBeDisabled();
  });

  it('says An unexpected error occurred. Please try again. on failure and keeps the form usable', async () => {
    const user = userEvent.setup();
    server.use(http.post(url(FORGOT), () => HttpResponse.json({ email: ['Enter a valid email address.'] }, { status: 400 })));
    await open('/forgot-password', 'Forgot password');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^An unexpected error occurred\. Please try again\.$/);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByLabelText('Email')).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Send Password Reset Link' })).toBeEnabled();
  });

  it('uses the same text when no answer comes', async () => {
    const user = userEvent.setup();
    server.use(http.post(url(FORGOT), () => HttpResponse.error()));
    await open('/forgot-password', 'Forgot password');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
  });
});

describe('reset password', () => {
  afterEach(() => jest.useRealTimers());

  async function fill(user: ReturnType<typeof userEvent.setup>, second = 'brand new passphrase') {
    await user.type(screen.getByLabelText('New password'), 'brand new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), second);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it('says Passwords do not match. without calling the server', async () => {
    const user = userEvent.setup();
    await open('/reset-password/MQ/abc-123', 'Reset password');
    await fill(user, 'something else');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Passwords do not match\.$/);
  });

  it('posts to the link, shows the detail, locks the form and goes to /signin after 3000 ms', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(url(CONFIRM), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'Password has been reset with the new password.' });
      }),
    );
    const { router } = await open('/reset-password/MQ/abc-123', 'Reset password');
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    await fill(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Password has been reset with the new password.');
    expect(bodies).toEqual([{ new_password: 'brand new passphrase', new_password2: 'brand new passphrase' }]);
    expect(screen.getByLabelText('New password')).toBeDisabled();
    expect(screen.getByLabelText('Confirm new password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();

    expect(RESET_REDIRECT_MS).toBe(3000);
    act(() => jest.advanceTimersByTime(2999));
    expect(router.state.location.pathname).toBe('/reset-password/MQ/abc-123');
    act(() => jest.advanceTimersByTime(1));
    // The sign-in screen is a lazy route: the move completes once its module has resolved.
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('shows the server detail on failure', async () => {
    const user = userEvent.setup();
    server.use(http.post(url(CONFIRM), () => HttpResponse.json({ detail: 'The reset link is no longer valid.' }, { status: 400 })));
    const { router } = await open('/reset-password/MQ/abc-123', 'Reset password');
    await fill(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The reset link is no longer valid\.$/);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/reset-password/MQ/abc-123');
  });

  it('shows a refused new password from the field-keyed answer', async () => {
    const user = userEvent.setup();
    server.use(http.post(url(CONFIRM), () => HttpResponse.json({ new_password: ['This password is too common.'] }, { status: 400 })));
    await open('/reset-password/MQ/abc-123', 'Reset password');
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This password is too common\.$/);
  });

  it('falls back to The reset link is invalid or has expired. Please try again.', async () => {
    const user = userEvent.setup();
    server.use(http.post(url(CONFIRM), () => new HttpResponse(null, { status: 500 })));
    await open('/reset-password/MQ/abc-123', 'Reset password');
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The reset link is invalid or has expired\. Please try again\.$/);
  });
});
