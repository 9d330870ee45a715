import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

import { account, buildTestServer, resetPathIn, type Server } from './support';

interface Received {
  from: string;
  to: string[];
  data: string;
}

describe('password reset email over SMTP', () => {
  let smtp: SMTPServer;
  let server: Server;
  const received: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await buildTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'site@research.example', publicUrl: 'https://research.example' });
  });

  afterAll(async () => {
    await server.cleanup();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the reset message to the SMTP server and writes no outbox', async () => {
    const { user } = await account(server, { email: 'smtp.person@example.org', first_name: 'Smtp' });
    const res = await server.inject({ method: 'POST', url: '/backend/forgotpasswordreset/', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await server.mailer.idle();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe('site@research.example');
    expect(mail.to).toEqual(['smtp.person@example.org']);
    expect(mail.data).toMatch(/^Subject: Reset your password\r?$/m);
    expect(mail.data).toContain('text/plain');
    expect(mail.data).toContain('text/html');
    const { uidb64, token } = resetPathIn(mail.data);
    const confirm = await server.inject({
      method: 'POST',
      url: `/backend/password-reset-confirm/${uidb64}/${token}/`,
      payload: { new_password: 'Granite-Meadow-Falcon-64', new_password2: 'Granite-Meadow-Falcon-64' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(server.mailer.outboxDir).toBeUndefined();
  });
});
