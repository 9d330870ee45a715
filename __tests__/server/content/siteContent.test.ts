import type { ContentVersion, CurrentContent, SiteContent } from '../../../server/contract/content';
import { CONTENT_MESSAGES, sectionText } from '../../../server/contract/contentRules';
import { seedContent } from '../../../server/src/content/seed';
import { STALE_CONTENT } from '../../../server/src/services/siteContent';
import { uploadImage } from '../media/client';
import { pageServerFor } from '../testServer';

describe('site content', () => {
  // The tests read the home page that the saved content renders.
  const { server, staff, user: visitor } = pageServerFor('each');

  const read = async () => (await server.inject({ method: 'GET', url: '/api/site-content/' })).json<CurrentContent>();
  const save = (version: number, content: unknown, headers = staff) =>
    server.inject({ method: 'PUT', url: '/api/site-content/', headers, payload: { version, content } });
  const edited = (change: (content: SiteContent) => void): SiteContent => {
    const content = structuredClone(seedContent);
    change(content);
    return content;
  };

  it('starts from the first-start content, and anyone may read it', async () => {
    const current = await read();
    expect(current.content).toEqual(seedContent);
    expect(current.version).toBeGreaterThan(0);
    expect((await read()).version).toBe(current.version);
  });

  it('saves a staff change, which the next page a visitor gets shows at once, escaped', async () => {
    expect((await server.inject({ method: 'GET', url: '/' })).body).toContain(seedContent.tagline);
    const { version } = await read();
    const tagline = 'Volatility, <script>alert(1)</script> & risk';
    const response = await save(
      version,
      edited((content) => (content.tagline = `  ${tagline}  `)),
    );
    expect(response.statusCode).toBe(200);
    const saved = response.json<CurrentContent>();
    expect(saved.version).toBeGreaterThan(version);
    expect(saved.content.tagline).toBe(tagline);
    expect((await read()).content.tagline).toBe(tagline);
    const html = (await server.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('Volatility, &lt;script&gt;alert(1)&lt;/script&gt; &amp; risk');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('records each change in the audit trail with the earlier value', async () => {
    const { version } = await read();
    await save(
      version,
      edited((content) => (content.tagline = 'A new tagline.')),
    );
    const line = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'site_content.updated').executeTakeFirstOrThrow();
    expect(line.actor_email).toBe('staff@example.com');
    expect(line.details).toContain(`Tagline was "${seedContent.tagline}"`);
    expect(line.details).toContain(`Reverting restores version ${version}.`);
  });

  it('reverts a change in one call, itself recorded, and lists the history newest first', async () => {
    const first = await read();
    const changed = (
      await save(
        first.version,
        edited((content) => content.cv.experience.splice(1, 1)),
      )
    ).json<CurrentContent>();
    const history = (await server.inject({ method: 'GET', url: '/api/site-content/versions/', headers: staff })).json<ContentVersion[]>();
    expect(history.map((version) => version.id)).toEqual([changed.version, first.version]);
    expect(history[0]).toMatchObject({ changed: ['CV experience'], previous: first.version });
    // The history says what the change replaced: the removed entry among the earlier ones.
    const removed = first.content.cv.experience[1];
    expect(history[0].earlier).toEqual([{ section: 'CV experience', value: sectionText(first.content, 'CV experience') }]);
    expect(history[0].earlier[0].value).toContain(`${removed.title}, ${removed.place}, ${removed.period}`);
    expect(history[1].earlier).toEqual([]);
    const restore = await server.inject({
      method: 'POST',
      url: `/api/site-content/versions/${first.version}/restore/`,
      headers: staff,
      payload: { version: changed.version },
    });
    expect(restore.statusCode).toBe(200);
    expect(restore.json<CurrentContent>().content).toEqual(seedContent);
    expect((await read()).content.cv.experience).toHaveLength(seedContent.cv.experience.length);
    const actions = await server.db.selectFrom('audit_log').select('action').orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['site_content.updated', 'site_content.restored']);
  });

  it('refuses a save made from an older state, so that nobody overwrites a change unseen', async () => {
    const { version } = await read();
    expect(
      (
        await save(
          version,
          edited((content) => (content.name = 'E. Northcote')),
        )
      ).statusCode,
    ).toBe(200);
    const late = await save(
      version,
      edited((content) => (content.role = 'Researcher')),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: STALE_CONTENT });
    expect((await read()).content.role).toBe(seedContent.role);
  });

  it('names each field that breaks a rule by its place in the content, in the editor’s order, and saves nothing', async () => {
    const { version } = await read();
    const response = await save(
      version,
      edited((content) => {
        content.name = '   ';
        content.tagline = 'x'.repeat(301);
        content.email = 'not-an-address';
        content.cv.experience[1].title = '';
        content.on_the_web[0].href = 'javascript:alert(1)';
        content.typewriter_phrases = [];
        content.photo = 999;
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['This field may not be blank.'],
      tagline: ['Ensure this field has no more than 300 characters.'],
      email: ['Enter a valid email address.'],
      'cv.experience.1.title': ['This field may not be blank.'],
      'on_the_web.0.href': [
        'Enter a web address starting with https:// or http://, a mailto: address, or a page of this site starting with / (such as /notes).',
      ],
      typewriter_phrases: ['Ensure this field has at least 1 elements.'],
      photo: [CONTENT_MESSAGES.photo],
    });
    // The first problem named is the first field's, as the editor shows them.
    expect(Object.keys(response.json())).toEqual(['name', 'email', 'tagline', 'typewriter_phrases', 'photo', 'cv.experience.1.title', 'on_the_web.0.href']);
    expect((await read()).content).toEqual(seedContent);
  });

  it('takes a photo of the photo library only', async () => {
    const { version } = await read();
    const refused = await save(
      version,
      edited((content) => {
        content.photo = 999;
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ photo: [CONTENT_MESSAGES.photo] });
    const uploaded = await uploadImage(server, staff, { title: 'Portrait' });
    const photo = uploaded.json<{ id: number }>().id;
    const saved = await save(
      version,
      edited((content) => {
        content.photo = photo;
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await read()).content.photo).toBe(photo);
  });

  it('lets an On the Web card point at a page of the site, never at another site through //', async () => {
    const { version } = await read();
    const refused = await save(
      version,
      edited((content) => {
        content.on_the_web[1].href = '//evil.example/notes';
        content.on_the_web[2].href = '/\\evil.example';
        content.cv.skills[0].href = '/notes';
      }),
    );
    expect(refused.statusCode).toBe(400);
    const message = 'Enter a web address starting with https:// or http://, a mailto: address, or a page of this site starting with / (such as /notes).';
    expect(refused.json()).toEqual({
      'on_the_web.1.href': [message],
      'on_the_web.2.href': [message],
      'cv.skills.0.href': ['Enter a web address starting with https:// or http://, or a mailto: address.'],
    });
    const saved = await save(
      version,
      edited((content) => {
        content.on_the_web[1].href = '/notes';
        content.on_the_web[2].href = '/research?topic=volatility';
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await read()).content.on_the_web.slice(1, 3).map((card) => card.href)).toEqual(['/notes', '/research?topic=volatility']);
  });

  it('checks the address of a CV line that shows the identity’s email or profile, as a card’s', async () => {
    const { version } = await read();
    const refused = await save(
      version,
      edited((content) => {
        content.cv.links[0] = { ...content.cv.links[0], href: 'javascript:alert(1)' };
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ 'cv.links.0.href': ['Enter a web address starting with https:// or http://, or a mailto: address.'] });
    expect((await read()).content).toEqual(seedContent);
  });

  it('refuses content of the wrong shape as a field error, not a server error', async () => {
    const { version } = await read();
    const response = await save(version, { ...seedContent, interests: seedContent.interests.slice(0, 3) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('content');
  });

  it('lets only staff change the content or read its history', async () => {
    const { version } = await read();
    expect((await save(version, seedContent, {})).statusCode).toBe(401);
    expect((await save(version, seedContent, visitor)).statusCode).toBe(403);
    expect((await server.inject({ method: 'GET', url: '/api/site-content/versions/', headers: visitor })).statusCode).toBe(403);
    const restore = await server.inject({ method: 'POST', url: `/api/site-content/versions/${version}/restore/`, headers: visitor, payload: { version } });
    expect(restore.statusCode).toBe(403);
  });

  it('answers 404 for restoring a state that does not exist', async () => {
    const { version } = await read();
    const response = await server.inject({ method: 'POST', url: '/api/site-content/versions/999/restore/', headers: staff, payload: { version } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
