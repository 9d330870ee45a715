import type { ChangePasswordRequest } from '@/contract/accounts';
import { Card, FormAlert, Muted, NEW_PASSWORD_HINT, PasswordField, SubmitButton, useFields } from '@/ui';

import { useChangePasswordMutation } from './profileApi';
import { useProfileSubmit } from './useProfileSubmit';

const empty: ChangePasswordRequest = { old_password: '', new_password: '', new_password2: '' };

/** Change the password while signed in; the current password proves it is really the owner. */
export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { fields, setFields, bind } = useFields<ChangePasswordRequest>(empty);
  const { message, onSubmit } = useProfileSubmit({
    busy: isLoading,
    failure: 'Failed to change password.',
    fields: ['old_password', 'new_password', 'new_password2', 'non_field_errors', 'detail'],
    check: () => (fields.new_password !== fields.new_password2 ? 'Passwords do not match.' : null),
    send: async () => {
      const { detail } = await changePassword(fields).unwrap();
      setFields(empty);
      return { tone: 'success', text: detail || 'Your password has been changed.' };
    },
  });

  return (
    <Card aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <Muted>Your other devices are signed out when the password changes.</Muted>
      <FormAlert message={message} />
      <form onSubmit={onSubmit}>
        <PasswordField label="Current password" autoComplete="current-password" required {...bind('old_password')} />
        <PasswordField label="New password" autoComplete="new-password" required hint={NEW_PASSWORD_HINT} {...bind('new_password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...bind('new_password2')} />
        <SubmitButton busy={isLoading} busyText="Changing...">
          Change password
        </SubmitButton>
      </form>
    </Card>
  );
}
