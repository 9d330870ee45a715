import { type FormEvent, useState } from 'react';

import { failureMessage, isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';
import { Button, Card, FormAlert, type FormMessage, Modal, Muted, PasswordField, Row, useFields } from '@/ui';

import { useDeleteAccountMutation } from './profileApi';

/** Deleting the account is final, so it asks for the password in a confirmation dialog. */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const { fields, setFields, bind } = useFields({ password: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);

  function close() {
    setOpen(false);
    setFields({ password: '' });
    setMessage(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setMessage(null);
    try {
      await deleteAccount(fields).unwrap();
      setOpen(false);
      onDeleted();
    } catch (error) {
      const text = isNetworkError(error) ? NETWORK_ERROR_MESSAGE : failureMessage('Failed to delete account.', error, ['password', 'detail']);
      setMessage({ tone: 'error', text });
    }
  }

  return (
    <Card aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete account</h2>
      <Muted>This removes your details and signs you out everywhere. It cannot be undone.</Muted>
      <Button $variant="danger" onClick={() => setOpen(true)}>
        Delete my account…
      </Button>
      <Modal title="Delete your account?" open={open} onClose={close}>
        <p>Your details, interest notes and sessions will be deleted for good. Enter your password to confirm.</p>
        <FormAlert message={message} />
        <form onSubmit={onSubmit}>
          <PasswordField label="Password" autoComplete="current-password" required {...bind('password')} />
          <Row>
            <Button type="submit" $variant="danger" disabled={isLoading}>
              {isLoading ? 'Deleting...' : 'Delete account permanently'}
            </Button>
            <Button $variant="secondary" onClick={close} disabled={isLoading}>
              Keep my account
            </Button>
          </Row>
        </form>
      </Modal>
    </Card>
  );
}
