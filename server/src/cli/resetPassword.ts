import { parseArgs } from 'node:util';

import { resetPasswordByOperator } from '../services/staffAccounts';
import { newPassword, openMigratedDatabase, run, say } from './common';

const USAGE =
  'Usage: npm run reset-password -- --email EMAIL\n' +
  'Sets a new password (asked, or taken from NEW_PASSWORD), signs the account out everywhere and removes its passkeys and recovery codes.';

/** `npm run reset-password`: an operator sets a user's password when the emailed link cannot help. */
run(async () => {
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.email) {
    say(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const { db } = await openMigratedDatabase();
  try {
    const { user, passkeysRemoved } = await resetPasswordByOperator(db, values.email, await newPassword('NEW_PASSWORD'));
    const passkeys = passkeysRemoved === 1 ? 'its passkey was removed' : `its ${passkeysRemoved} passkeys were removed`;
    say(`Password of ${user.email} changed; every session of the account was signed out${passkeysRemoved ? ` and ${passkeys}` : ''}.`);
  } finally {
    await db.destroy();
  }
});
