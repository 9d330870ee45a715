import { type FormEvent, useState } from 'react';

import type { ChangePasswordRequest } from '@/contract/accounts';
import { failureMessage, isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';
import { Button, Card, FormAlert, type FormMessage, Muted, NEW_PASSWORD_HINT, PasswordField, useFields } from '@/ui';

import { useChangePasswordMutation } from './profileApi';

const empty: ChangePasswordRequest = { old_password: '', new_password: '', new_password2: '' };

/** Change the password while signed in; the current password proves it is really the owner. */
export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { fields, setFields, bind } = useFields<ChangePasswordRequest>(empty);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (fields.new_password !== fields.new_password2) {
      setMessage({ tone: 'error', text: 'Passwords do not match.' });
      return;
    }
    setMessage(null);
    try {
      const { detail } = await changePassword(fields).unwrap();
      setFields(empty);
      setMessage({ tone: 'success', text: detail || 'Your password has been changed.' });
    } catch (error) {
      const text = isNetworkError(error)
        ? NETWORK_ERROR_MESSAGE
        : failureMessage('Failed to change password.', error, ['old_password', 'new_password', 'new_password2', 'non_field_errors', 'detail']);
      setMessage({ tone: 'error', text });
    }
  }

  return (
    <Card aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <Muted>Your other devices are signed out when the password changes.</Muted>
      <FormAlert message={message} />
      <form onSubmit={onSubmit}>
        <PasswordField label="Current password" autoComplete="current-password" required {...bind('old_password')} />
        <PasswordField label="New password" autoComplete="new-password" required hint={NEW_PASSWORD_HINT} {...bind('new_password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...bind('new_password2')} />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
