import sharp from 'sharp';

import type { CurrentContent, SiteContent } from '../../../server/contract/content';
import { CONTENT_MESSAGES } from '../../../server/contract/contentRules';
import { resolveContent } from '../../../server/contract/identity';
import type { SetupInput } from '../../../server/contract/setup';
import { SETUP_MESSAGES } from '../../../server/contract/setupRules';
import { seedContent } from '../../../server/src/content/seed';
import { outboxMail, sendDue } from '../follow/support';
import { uploadImage } from '../media/client';
import { type Auth, insertUser, pageServerFor, recordChanges } from '../testServer';
import { saveContent } from './client';

/** What must not be left anywhere once the owner has set the site up: the example person. */
const EXAMPLE_TRACES = [/Elias/i, /Northcote/i, /eliasnorthcote/i, /elias-northcote/i];
const traceIn = (text: string) => EXAMPLE_TRACES.find((trace) => trace.test(text));

const identity = (fields: Partial<SetupInput> = {}): SetupInput => ({
  name: 'Ada Byron',
  role: 'Quantitative Analyst',
  email: 'ada@example.org',
  photo: null,
  profiles: [
    { kind: 'linkedin', url: 'https://www.linkedin.com/in/ada-byron/' },
    { kind: 'scholar', url: 'https://scholar.google.com/citations?user=ADA' },
  ],
  tagline: 'Numbers that hold up.',
  start: 'example',
  ...fields,
});

describe('derivation of the identity', () => {
  it('fills the CV lines and cards that refer to it, and leaves out those whose profile is missing', () => {
    const own: SiteContent = { ...seedContent, email: 'ada@example.org', profiles: [] };
    const shown = resolveContent(own);
    expect(shown.cv.contact.map((line) => line.label)).toEqual(['Email', 'Location']);
    expect(shown.cv.contact[0]).toEqual({ label: 'Email', value: 'ada@example.org', href: 'mailto:ada@example.org' });
    expect(shown.on_the_web[0].href).toBeUndefined();
    const linked = resolveContent({ ...own, profiles: [{ kind: 'linkedin', url: 'https://www.linkedin.com/in/ada/' }] });
    expect(linked.cv.links[0]).toEqual({ label: 'LinkedIn', value: 'linkedin.com/in/ada', href: 'https://www.linkedin.com/in/ada/' });
    expect(linked.on_the_web[0].href).toBe('https://www.linkedin.com/in/ada/');
  });

  it('holds the example person once: his email and LinkedIn appear in no CV line or card of the first-start words', () => {
    const { name, email, profiles, ...words } = seedContent;
    expect(name).toBe('Elias Northcote');
    expect(email).toBe('contact@eliasnorthcote.com');
    expect(profiles).toHaveLength(1);
    expect(traceIn(JSON.stringify({ ...words, company_name: '' }))).toBeUndefined();
  });
});

describe('owner setup', () => {
  const { server, staff, user: visitor } = pageServerFor('each');
  // The account the operator command made first: the site's owner. `staff` is another staff member.
  const owner: Auth = {};
  beforeEach(async () => Object.assign(owner, (await insertUser(server, { is_owner: true, email: 'owner@example.com' })).auth));

  const status = (headers = owner) => server.inject({ method: 'GET', url: '/api/setup/', headers });
  const setUp = (input: SetupInput, headers = owner) => server.inject({ method: 'POST', url: '/api/setup/', headers, payload: input });
  const read = async () => (await server.inject({ method: 'GET', url: '/api/site-content/' })).json<CurrentContent>();
  const page = async (url: string) => (await server.inject({ method: 'GET', url })).body;

  it('is asked of staff alone, and is needed on a site that still speaks as the example', async () => {
    expect((await status({})).statusCode).toBe(401);
    expect((await status(visitor)).statusCode).toBe(403);
    expect((await setUp(identity(), visitor)).statusCode).toBe(403);
    expect((await status()).json()).toEqual({ needed: true, allowed: true });
    expect((await read()).example).toContain('About text');
  });

  it('is the owner’s alone: other staff are told so, and refused', async () => {
    expect((await status(staff)).json()).toEqual({ needed: true, allowed: false });
    const refused = await setUp(identity(), staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SETUP_MESSAGES.ownerOnly });
    expect((await status()).json()).toEqual({ needed: true, allowed: true });
    expect((await read()).content.name).toBe(seedContent.name);
  });

  it('keeping the example: the owner replaces the example person everywhere, the words stay marked as example', async () => {
    expect(await page('/')).toContain('Elias Northcote');
    const changes = recordChanges(server);
    const answer = await setUp(identity());
    expect(answer.statusCode).toBe(200);
    expect(changes).toEqual([['SiteContent']]);
    const current = await read();
    expect(current.content).toMatchObject({ name: 'Ada Byron', role: 'Quantitative Analyst', email: 'ada@example.org', company_name: '' });
    expect(current.content.about).toEqual(seedContent.about);
    expect(current.example).toEqual(expect.arrayContaining(['About text', 'CV experience', 'Interest sections', 'On the Web cards']));
    expect(current.example).not.toContain('Name');
    expect(current.example).not.toContain('CV links');

    const shown = resolveContent(current.content);
    expect(shown.cv.contact[0]).toMatchObject({ value: 'ada@example.org', href: 'mailto:ada@example.org' });
    expect(shown.cv.links.map((link) => link.label)).toEqual(['LinkedIn', 'Google Scholar', 'Email']);

    for (const url of ['/', '/cv', '/about', '/on-the-web', '/notes', '/follow', '/no-such-page']) {
      const html = await page(url);
      expect([url, traceIn(html)]).toEqual([url, undefined]);
    }
    const home = await page('/');
    expect(home).toContain('"name":"Ada Byron"');
    expect(home).toContain('"sameAs":["https://www.linkedin.com/in/ada-byron/","https://scholar.google.com/citations?user=ADA"]');
    expect(home).not.toContain('worksFor');
    expect(await page('/cv')).toContain('mailto:ada@example.org');
    for (const feed of ['/feed.xml', '/feed.json']) expect([feed, traceIn(await page(feed))]).toEqual([feed, undefined]);

    expect((await status()).json()).toEqual({ needed: false, allowed: true });
    const again = await setUp(identity({ name: 'Someone Else' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: SETUP_MESSAGES.done });
    const audit = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'site.setup').execute();
    expect(audit).toHaveLength(1);
  });

  it('starting empty: the example words go, and nothing is marked as example', async () => {
    const answer = await setUp(identity({ start: 'empty', profiles: [] }));
    expect(answer.statusCode).toBe(200);
    const current = await read();
    expect(current.example).toEqual([]);
    const { content } = current;
    expect(content.about).toEqual([]);
    expect(content.cv.experience).toEqual([]);
    expect(content.cv.education).toEqual([]);
    expect(content.typewriter_phrases).toEqual(['Quantitative Analyst']);
    expect(content.interests.map((interest) => interest.title)).toEqual(seedContent.interests.map((interest) => interest.title));
    expect(content.interests.every((interest) => interest.quote === '' && interest.description === '')).toBe(true);
    expect(content.on_the_web.map((card) => card.title)).toEqual(seedContent.on_the_web.map((card) => card.title));
    const cards = resolveContent(content).on_the_web;
    // Without a LinkedIn profile the LinkedIn card has no address: Coming Soon, like the other five.
    expect(cards.every((card) => card.href === undefined)).toBe(true);
    for (const url of ['/', '/cv', '/about', '/on-the-web']) {
      const html = await page(url);
      expect([url, traceIn(html)]).toEqual([url, undefined]);
      expect([url, html.includes(seedContent.cv.experience[0].place)]).toEqual([url, false]);
    }
    // The words that started empty are saved as they are by the editor.
    const saved = await server.inject({ method: 'PUT', url: '/api/site-content/', headers: staff, payload: { version: current.version, content } });
    expect(saved.statusCode).toBe(200);
  });

  it('is done once when sent twice at the same moment (two tabs)', async () => {
    // The first-start words, which a site saves on its first read (at its start, before any request).
    await read();
    const answers = await Promise.all([setUp(identity()), setUp(identity({ name: 'Someone Else', start: 'empty' }))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const versions = await server.db.selectFrom('site_content_versions').select('id').execute();
    expect(versions).toHaveLength(2);
  });

  it('refuses a wrong identity field by field, with the editor’s messages, in the form’s order, and changes nothing', async () => {
    const before = await read();
    const refused = await setUp(
      identity({
        name: ' ',
        email: 'not an address',
        photo: 999,
        profiles: [{ kind: 'github', url: 'github.com/ada' }],
        tagline: 'x'.repeat(301),
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      name: ['This field may not be blank.'],
      email: ['Enter a valid email address.'],
      tagline: ['Ensure this field has no more than 300 characters.'],
      photo: [CONTENT_MESSAGES.photo],
      'profiles.0.url': ['Enter a web address starting with https:// or http://.'],
    });
    // The photo's problem comes with the others, after the fields above it: the first named is the first field's.
    expect(Object.keys(refused.json())).toEqual(['name', 'email', 'tagline', 'photo', 'profiles.0.url']);
    const noPhoto = await setUp(identity({ photo: 999 }));
    expect(noPhoto.json()).toEqual({ photo: [CONTENT_MESSAGES.photo] });
    expect((await read()).version).toBe(before.version);
    expect((await status()).json()).toEqual({ needed: true, allowed: true });
  });

  it('an edit of an example section makes it the owner’s', async () => {
    await setUp(identity());
    const saved = await saveContent(server, staff, { about: ['My own words.'] });
    expect(saved.json<CurrentContent>().example).not.toContain('About text');
    expect((await read()).example).toContain('CV experience');
  });

  it('the photo given, from the photo library, is the share image’s picture, beside the owner’s name', async () => {
    const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c02020' } })
      .png()
      .toBuffer();
    const uploaded = await uploadImage(server, staff, { title: 'Ada' }, { data: red, filename: 'ada.png' });
    expect(uploaded.statusCode).toBe(201);
    expect((await setUp(identity({ photo: uploaded.json<{ id: number }>().id }))).statusCode).toBe(200);
    expect((await read()).content.photo).toBe(uploaded.json<{ id: number }>().id);
    const image = await server.inject({ method: 'GET', url: '/share-image.png' });
    expect(image.headers['content-type']).toBe('image/png');
    const [r, g, b] = await sharp(image.rawPayload).extract({ left: 900, top: 315, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
  });

  it('follower mail names and signs with the owner, and comes from their name', async () => {
    await setUp(identity());
    const asked = await server.inject({ method: 'POST', url: '/api/follow/', payload: { email: 'reader@example.net' } });
    expect(asked.statusCode).toBe(202);
    await sendDue(server);
    const [mail] = await outboxMail(server);
    expect(mail.subject).toBe('Confirm that you want emails from Ada Byron');
    expect(mail.text).toContain('— Ada Byron,');
    expect(mail.headers.from).toBe(`Ada Byron <${server.config.mailFrom}>`);
    expect(traceIn(mail.raw)).toBeUndefined();
  });
});
