/**
 * Mail as the site sends it, for the server tests and the browser journeys: an SMTP server that keeps
 * what it receives, and a reader of raw messages (headers, and the text and HTML parts decoded).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { SMTPServer } from 'smtp-server';

/** A message as the mail server received it, its parts decoded. */
export interface Mail {
  raw: string;
  to: string;
  subject: string;
  /** Header fields, unfolded, by lower-case name. */
  headers: Record<string, string>;
  text: string;
  html: string;
}

function decodePart(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A header value with its RFC 2047 encoded words (=?UTF-8?Q?…?=) decoded. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function splitHeaders(text: string): { headers: Record<string, string>; body: string } {
  const at = text.search(/\r?\n\r?\n/);
  const head = at < 0 ? text : text.slice(0, at);
  const body = at < 0 ? '' : text.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Reads a raw message (as the SMTP server or the outbox holds it): headers, and its text and HTML parts. */
export function readMail(raw: string): Mail {
  const { headers, body } = splitHeaders(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      const part = splitHeaders(chunk.replace(/^\r?\n/, ''));
      const type = (part.headers['content-type'] ?? '').split(';')[0];
      if (type) parts[type] = decodePart(part.headers, part.body.replace(/\r?\n$/, ''));
    }
  } else {
    parts[(headers['content-type'] ?? 'text/plain').split(';')[0]] = decodePart(headers, body);
  }
  return { raw, to: headers.to ?? '', subject: decodeWords(headers.subject ?? ''), headers, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

/** The raw messages the site wrote to the outbox of its data folder `dataDir` (mail without an SMTP server), oldest first. */
export function outboxMessages(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}

/** The first address in a message's text that starts with `prefix`. */
export function linkIn(mail: Mail, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s<>"]+`).exec(mail.text);
  if (!match) throw new Error(`no ${prefix} link in:\n${mail.text}`);
  return match[0];
}

/** A message as the SMTP server received it: the message, and the envelope's sender and recipients. */
export type ReceivedMail = Mail & { envelope: { from: string; to: string[] } };

/** An SMTP server that keeps what it receives, and refuses messages with a reply code while told to. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | undefined;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        const envelope = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) };
        received.push({ ...readMail(Buffer.concat(chunks).toString('utf8')), envelope });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuses every message with this reply until called without one. */
    refuse(code?: number, message = 'Mailbox busy, try later') {
      refusal = code === undefined ? undefined : { code, message };
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
