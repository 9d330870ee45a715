import type { Talk, TalkInput } from '../../server/contract/talks';
import { PAPERS_BIB } from './publications/fixtures';
import { collectionClient } from './staffCollection';
import { talkInput } from './talks/fixtures';
import { pageServerFor } from './testServer';

/** What the first HTML shows a reader who runs no script: the page's main part. */
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

describe('reading aids in the server-rendered pages', () => {
  const { server, staff } = pageServerFor('all');
  const get = async (url: string) => mainOf((await server.inject({ method: 'GET', url })).body);
  const { created: addTalk } = collectionClient<TalkInput, Talk>(server, staff, '/api/talks/', talkInput);

  it('gives a long note a table of contents, folded, whose links reach its headings', async () => {
    const body = ['## Setup', 'Text.', '### Data & method', 'Text.', '## Results', 'Text.'].join('\n\n');
    const saved = await server.inject({
      method: 'POST',
      url: '/api/notes/manage/',
      headers: staff,
      payload: { title: 'A long note', slug: 'a-long-note', summary: '', tags: [], cover_image: null, body, publish: 'now', publish_at: null },
    });
    expect(saved.statusCode).toBeLessThan(300);
    const main = await get('/notes/a-long-note');
    const contents = main.slice(main.indexOf('<nav aria-labelledby="note-contents"'), main.indexOf('</nav>'));
    expect(contents).toMatch(/^<nav[^>]*><details[^>]*><summary>Contents<\/summary>/);
    expect(contents).not.toMatch(/<details[^>]* open/);
    const targets = [...contents.matchAll(/href="#([^"]+)"/g)].map(([, id]) => id);
    expect(targets).toEqual(['user-content-setup', 'user-content-data--method', 'user-content-results']);
    for (const id of targets) expect(main).toMatch(new RegExp(`<h[23] id="${id}">`));
  });

  it('lists on a paper’s page the talks given on it, and draws the page again when a talk is added', async () => {
    await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: PAPERS_BIB } });
    const paper = (await server.inject({ method: 'GET', url: '/api/publications/' }))
      .json<{ id: number; cite_key: string; key: string }[]>()
      .find(({ cite_key }) => cite_key === 'northcote2019slv')!;
    expect(await get(`/research/${paper.key}`)).not.toContain('id="paper-talks"');
    const talk = await addTalk({ title: 'Jumps in calibration', event: 'Risk Minds', place: '', date: '2020-05-04', type: 'seminar', paper: paper.id });
    await addTalk({ title: 'Another subject', date: '2021-05-04', type: 'seminar' });
    const main = await get(`/research/${paper.key}`);
    expect(main).toContain('<h2 id="paper-talks">Talks</h2>');
    expect(main).toContain(`href="/talks#talk-${talk.id}">Jumps in calibration</a>`);
    expect(main).not.toContain('Another subject');
  });

  it('folds the research filters into a closed disclosure and marks the page in the research navigation', async () => {
    const main = await get('/research');
    expect(main).toMatch(/<nav aria-labelledby="research-filters"[^>]*><details[^>]*><summary>Filter<\/summary>/);
    expect(main).not.toMatch(/<details[^>]* open/);
    expect(main).toMatch(/<nav aria-label="Research, talks and teaching">.*<a aria-current="page"[^>]* href="\/research">Research<\/a>/s);
    expect(await get('/teaching')).toMatch(/<a aria-current="page"[^>]* href="\/teaching">Teaching<\/a>/);
  });
});
