import { openMigratedDatabase, run, say } from './common';

/** `npm run db:migrate`: brings the database named by DATA_DIR / DATABASE_URL to the latest schema. */
run(async () => {
  const { db, dialect } = await openMigratedDatabase();
  await db.destroy();
  say(`Database (${dialect}) is up to date.`);
});
