import { openMigratedDatabase, run, say } from './common';

/** `npm run db:migrate`: brings the database named by DATA_DIR / DATABASE_URL to the latest schema. */
run(async () => {
  const { db, dialect, applied } = await openMigratedDatabase();
  await db.destroy();
  say(applied.length ? `Applied ${applied.length} migration${applied.length > 1 ? 's' : ''}: ${applied.join(', ')}.` : 'No migration to apply.');
  say(`Database (${dialect}) is up to date.`);
});
