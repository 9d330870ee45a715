import type { NoteInput, StaffNote } from '../../../server/contract/notes';
import { isoAt } from '../../../server/src/db/columns';
import { linkIn, type Mail, outboxMessages, readMail } from '../../mailbox';
import type { Auth, TestServer } from '../testServer';

export { linkIn, type Mail, startSmtp } from '../../mailbox';

/** The messages in the server's outbox, oldest first, once the queue has sent what is due. */
export async function outboxMail(server: TestServer): Promise<Mail[]> {
  await server.mailQueue.idle();
  return outboxMessages(server.config.dataDir).map(readMail);
}

/** Sends what is due now and waits for it. */
export async function sendDue(server: TestServer): Promise<void> {
  server.mailQueue.wake();
  await server.mailQueue.idle();
}

/** Moves the next try of the mail still waiting into the past, as if its time had come (after `attempts` tries when given), and sends it. */
export async function retryDue(server: TestServer, attempts?: number): Promise<void> {
  await server.db
    .updateTable('mail_queue')
    .set({ next_attempt_at: isoAt(Date.now() - 1_000), ...(attempts === undefined ? {} : { attempts }) })
    .where('state', '=', 'pending')
    .execute();
  await sendDue(server);
}

/** Moves the mail sent so far a minute back, as if the minute had passed (the rate's window has room again), and sends what is then due. */
export async function aMinuteLater(server: TestServer): Promise<void> {
  await server.db
    .updateTable('mail_queue')
    .set({ claimed_at: isoAt(Date.now() - 61_000) })
    .where('claimed_at', 'is not', null)
    .execute();
  await sendDue(server);
}

export const noteInput = (fields: Partial<NoteInput> = {}): NoteInput => ({
  title: 'Volatility smiles',
  slug: 'volatility-smiles',
  summary: 'Why implied volatility depends on the strike.',
  tags: [],
  cover_image: null,
  body: 'The smile.',
  publish: 'now',
  publish_at: null,
  ...fields,
});

export async function saveNote(server: TestServer, staff: Auth, fields: Partial<NoteInput> = {}, note?: StaffNote): Promise<StaffNote> {
  const res = note
    ? await server.inject({ method: 'PUT', url: `/api/notes/manage/${note.id}/`, headers: staff, payload: { ...noteInput(fields), revision: note.revision } })
    : await server.inject({ method: 'POST', url: '/api/notes/manage/', headers: staff, payload: noteInput(fields) });
  if (res.statusCode >= 300) throw new Error(`saving the note answered ${res.statusCode}: ${res.body}`);
  return res.json<StaffNote>();
}

/** Moves every announcement's time back past the delay, as if the minutes had passed, and sends what is then due. */
export async function afterTheDelay(server: TestServer): Promise<void> {
  await server.db
    .updateTable('follow_announcements')
    .set({ created_at: isoAt(Date.now() - (server.config.followDelaySeconds + 1) * 1000) })
    .where('released_at', 'is', null)
    .execute();
  await sendDue(server);
}

/**
 * Follows with an address alone and confirms it through the emailed link; answers the confirmation mail.
 * `from` is the client's address: one address makes only so many follow requests an hour.
 */
export async function followConfirmed(server: TestServer, email: string, mails: () => Promise<Mail[]>, from = '127.0.0.1'): Promise<void> {
  const asked = await server.inject({ method: 'POST', url: '/api/follow/', remoteAddress: from, payload: { email } });
  if (asked.statusCode !== 202) throw new Error(`following answered ${asked.statusCode}: ${asked.body}`);
  await sendDue(server);
  const confirmation = (await mails()).filter((mail) => mail.to === email).pop();
  if (!confirmation) throw new Error(`no confirmation for ${email}`);
  const token = linkIn(confirmation, `${server.config.publicUrl}/follow/confirm/`).split('/').pop();
  const confirmed = await server.inject({ method: 'POST', url: '/api/follow/confirm/', payload: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`confirming answered ${confirmed.statusCode}: ${confirmed.body}`);
}
