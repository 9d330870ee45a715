import { followerMail } from '../../../server/src/services/followMail';

describe('a follower’s mail for a front end served elsewhere', () => {
  it('links the reader to the front end, and has one-click unsubscribes POSTed to the site itself', () => {
    const mail = followerMail(
      { siteName: 'Elias Northcote', publicUrl: 'https://www.site.example', serverUrl: 'https://api.site.example' },
      { email: 'reader@example.org', unsubscribe_token: 't'.repeat(43), user_id: null, digest: 0 },
      [{ kind: 'note', title: 'Rough paths', url: 'https://www.site.example/notes/rough-paths', lines: ['Why paths are rough.'] }],
      false,
    );
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<https://api.site.example/unsubscribe/${'t'.repeat(43)}>`);
    expect(mail.text).toContain(`Stop these emails (no sign-in needed): https://www.site.example/unsubscribe/${'t'.repeat(43)}`);
  });
});
