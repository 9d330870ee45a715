import { useState } from 'react';

import type { AdminUser } from '@/contract/admin';
import { failureMessage } from '@/lib/api/errors';
import type { FormMessage } from '@/ui';

import { useDeleteAdminUserMutation, useSignOutAdminUserMutation, useUpdateAdminUserMutation } from './adminApi';
import { userName } from './format';

export type UserAction = 'grantStaff' | 'withdrawStaff' | 'deactivate' | 'activate' | 'signOut' | 'delete';

/** What each action says when it worked, and the first words when it did not. */
const texts: Record<UserAction, { done: (name: string) => string; failed: (name: string) => string }> = {
  grantStaff: { done: (n) => `${n} is now staff.`, failed: (n) => `Failed to grant staff to ${n}.` },
  withdrawStaff: { done: (n) => `${n} is no longer staff.`, failed: (n) => `Failed to withdraw staff from ${n}.` },
  deactivate: { done: (n) => `${n} has been deactivated and signed out everywhere.`, failed: (n) => `Failed to deactivate ${n}.` },
  activate: { done: (n) => `${n} has been activated.`, failed: (n) => `Failed to activate ${n}.` },
  signOut: { done: (n) => `${n} has been signed out everywhere.`, failed: (n) => `Failed to sign out ${n}.` },
  delete: { done: (n) => `The account of ${n} has been deleted.`, failed: (n) => `Failed to delete ${n}.` },
};

export function deleteQuestion(user: AdminUser): string {
  return `Delete the account of ${userName(user)} (${user.email})? Their sessions end and this cannot be undone.`;
}

/** Runs one action at a time on a user and keeps the resulting success or failure message. */
export function useUserActions() {
  const [updateUser] = useUpdateAdminUserMutation();
  const [signOutUser] = useSignOutAdminUserMutation();
  const [deleteUser] = useDeleteAdminUserMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);

  function call(action: UserAction, user: AdminUser): Promise<unknown> {
    switch (action) {
      case 'grantStaff':
        return updateUser({ id: user.id, is_staff: true }).unwrap();
      case 'withdrawStaff':
        return updateUser({ id: user.id, is_staff: false }).unwrap();
      case 'deactivate':
        return updateUser({ id: user.id, is_active: false }).unwrap();
      case 'activate':
        return updateUser({ id: user.id, is_active: true }).unwrap();
      case 'signOut':
        return signOutUser(user.id).unwrap();
      case 'delete':
        return deleteUser(user.id).unwrap();
    }
  }

  async function run(action: UserAction, user: AdminUser) {
    if (action === 'delete' && !window.confirm(deleteQuestion(user))) return;
    const name = userName(user);
    setMessage(null);
    setBusyId(user.id);
    try {
      await call(action, user);
      setMessage({ tone: 'success', text: texts[action].done(name) });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(texts[action].failed(name), error) });
    } finally {
      setBusyId(null);
    }
  }

  return { run, busyId, message, clearMessage: () => setMessage(null) };
}
