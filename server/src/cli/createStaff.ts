import { parseArgs } from 'node:util';

import { createStaffUser, promoteToStaff } from '../services/staffAccounts';
import { newPassword, openMigratedDatabase, run, say } from './common';

const USAGE =
  'Usage: npm run create-staff -- --email EMAIL [--first-name FIRST --last-name LAST]\n' +
  'Creates a staff account (password asked, or taken from STAFF_PASSWORD) or makes an existing account staff.';

/** `npm run create-staff`: the first staff account comes from here, never from a default password. */
run(async () => {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.email) {
    say(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const input = { email: values.email, firstName: values['first-name'], lastName: values['last-name'] };
  const { db } = await openMigratedDatabase();
  try {
    const promoted = await promoteToStaff(db, input);
    const user = promoted ?? (await createStaffUser(db, { ...input, password: await newPassword('STAFF_PASSWORD') }));
    say(promoted ? `${user.email} is now staff.` : `Staff account ${user.email} created.`);
    if (user.is_owner === 1) say(`${user.email} is the site's owner: only this account grants or withdraws staff rights.`);
  } finally {
    await db.destroy();
  }
});
