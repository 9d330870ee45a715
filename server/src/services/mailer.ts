import fs from 'node:fs';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Further header fields, e.g. List-Unsubscribe on follower mail. */
  headers?: Record<string, string>;
  /** The sender's name beside MAIL_FROM's address: the owner's, as the site's words name them when it is sent. */
  fromName?: string;
}

export interface Mailer {
  /** The folder messages are written to when there is no SMTP server; undefined when SMTP is used. */
  readonly outboxDir: string | undefined;
  send(message: MailMessage): Promise<void>;
  /** Sends without holding up the answer (whose timing must not depend on it); failures are logged. */
  sendInBackground(message: MailMessage): void;
  /** Resolves once every background message has been handled. */
  idle(): Promise<void>;
  close(): void;
}

let sequence = 0;

/** `2025-06-09T10-15-00-123Z-000001.eml`: file names sort oldest first, newest last. */
function outboxFileName(): string {
  sequence += 1;
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}.eml`;
}

/** nodemailer over SMTP_URL when set; otherwise `.eml` files in DATA_DIR/outbox, so a fresh install needs no mail server. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>, log: FastifyBaseLogger): Mailer {
  const outboxDir = config.smtpUrl ? undefined : path.join(config.dataDir, 'outbox');
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  // MAIL_FROM may carry a name of its own (`Research site <no-reply@…>`): the owner's name goes beside its address alone.
  const senderAddress = addressparser(config.mailFrom, { flatten: true })[0]?.address || config.mailFrom;

  async function send(message: MailMessage): Promise<void> {
    const { fromName, ...fields } = message;
    const from = fromName ? { name: fromName, address: senderAddress } : config.mailFrom;
    const info = (await transport.sendMail({ ...fields, from })) as { message?: Buffer };
    if (outboxDir && info.message) {
      await fs.promises.mkdir(outboxDir, { recursive: true });
      await fs.promises.writeFile(path.join(outboxDir, outboxFileName()), info.message, { flag: 'wx', mode: 0o600 });
    }
  }

  return {
    outboxDir,
    send,
    sendInBackground(message) {
      const job = send(message)
        .catch((error: unknown) => log.error({ err: error, subject: message.subject }, 'email could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      await Promise.all([...pending]);
    },
    close() {
      transport.close();
    },
  };
}
