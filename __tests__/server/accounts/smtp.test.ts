import { startSmtp } from '../../mailbox';
import { account, buildTestServer, resetPathIn, type Server } from './support';

describe('password reset email over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: Server;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await buildTestServer({ smtpUrl: smtp.url, mailFrom: 'site@research.example', publicUrl: 'https://research.example' });
  });

  afterAll(async () => {
    await server.cleanup();
    await smtp.close();
  });

  it('delivers the reset message to the SMTP server and writes no outbox', async () => {
    const { user } = await account(server, { email: 'smtp.person@example.org', first_name: 'Smtp' });
    const res = await server.inject({ method: 'POST', url: '/backend/forgotpasswordreset/', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await server.mailer.idle();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.envelope.from).toBe('site@research.example');
    expect(mail.envelope.to).toEqual(['smtp.person@example.org']);
    expect(mail.raw).toMatch(/^Subject: Reset your password\r?$/m);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    const { uidb64, token } = resetPathIn(mail.raw);
    const confirm = await server.inject({
      method: 'POST',
      url: `/backend/password-reset-confirm/${uidb64}/${token}/`,
      payload: { new_password: 'Granite-Meadow-Falcon-64', new_password2: 'Granite-Meadow-Falcon-64' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(server.mailer.outboxDir).toBeUndefined();
  });
});
