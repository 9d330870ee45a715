import type { Publication } from '../../../server/contract/publications';
import { documentIn } from '../media/client';
import { pageServerFor } from '../testServer';
import { WORKING_PAPER_BIB } from './fixtures';

const PUBLIC_URL = 'https://northcote.example';

const BIBTEX = String.raw`
@article{article, author = {Northcote, Elias and Garc{\'\i}a, Ana},
  title = {Calibrating stochastic-local volatility with jumps}, journal = {Journal of Computational Finance},
  volume = {22}, number = {4}, pages = {1021--1050}, year = {2019}}
@inproceedings{proceedings, author = {Northcote, Elias}, title = {Unbiased gradients},
  booktitle = {Proceedings of the ACM International Conference on AI in Finance}, pages = {10--18}, year = {2023}}
@phdthesis{thesis, author = {Northcote, Elias}, title = {Essays on rough volatility}, school = {University of Oxford}, year = {2015}}
@article{preprint, author = {Northcote, Elias}, title = {Rough paths}, journal = {arXiv preprint arXiv:2403.01234}, year = {2024}}
${WORKING_PAPER_BIB}`;

const TAGS = [
  'citation_journal_title',
  'citation_conference_title',
  'citation_volume',
  'citation_issue',
  'citation_firstpage',
  'citation_lastpage',
  'citation_technical_report_institution',
  'citation_technical_report_number',
  'citation_dissertation_institution',
];

const metaValues = (html: string, name: string) => [...html.matchAll(new RegExp(`<meta name="${name}" content="([^"]*)">`, 'g'))].map(([, value]) => value);

/** Whether robots.txt lets every crawler fetch the path: no `Disallow` rule is a start of it (the rules' own way of matching). */
function robotsAllow(robots: string, path: string): boolean {
  const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map(([, prefix]) => prefix);
  return !disallowed.some((prefix) => path.startsWith(prefix));
}

describe('papers for Google Scholar', () => {
  const { server, staff } = pageServerFor('all', { publicUrl: PUBLIC_URL });
  const get = (url: string) => server.inject({ method: 'GET', url });

  beforeAll(async () => {
    expect((await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: BIBTEX } })).statusCode).toBe(200);
    const document = await documentIn(server, staff, 'Papers', 'A paper');
    for (const publication of (await get('/api/publications/')).json<Publication[]>())
      expect((await server.inject({ method: 'PATCH', url: `/api/publications/${publication.id}/`, headers: staff, payload: { document } })).statusCode).toBe(
        200,
      );
  });

  const tagsOf = async (key: string) => {
    const page = await get(`/research/${key}`);
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    return { head, tags: Object.fromEntries(TAGS.map((name) => [name, metaValues(head, name)]).filter(([, values]) => values.length > 0)) };
  };

  it('names each kind of work with the tags Google Scholar reads for it', async () => {
    const article = await tagsOf('article');
    expect(article.tags).toEqual({
      citation_journal_title: ['Journal of Computational Finance'],
      citation_volume: ['22'],
      citation_issue: ['4'],
      citation_firstpage: ['1021'],
      citation_lastpage: ['1050'],
    });
    // The name's LaTeX reads as in the citations: one composed í.
    expect(metaValues(article.head, 'citation_author')).toEqual(['Elias Northcote', 'Ana García']);
    expect((await tagsOf('proceedings')).tags).toEqual({
      citation_conference_title: ['Proceedings of the ACM International Conference on AI in Finance'],
      citation_firstpage: ['10'],
      citation_lastpage: ['18'],
    });
    expect((await tagsOf('northcote2025costs')).tags).toEqual({
      citation_technical_report_institution: ['SSRN'],
      citation_technical_report_number: ['4567890'],
    });
    expect((await tagsOf('thesis')).tags).toEqual({ citation_dissertation_institution: ['University of Oxford'] });
    // A preprint names no journal, though its entry calls arXiv one.
    expect((await tagsOf('preprint')).tags).toEqual({});
  });

  it('names the attached paper at an address robots.txt lets crawlers fetch, where the PDF is', async () => {
    const robots = (await get('/robots.txt')).body;
    // The check can fail: the paper's first address is kept from crawlers.
    expect(robotsAllow(robots, '/api/publications/1/paper/')).toBe(false);
    for (const key of ['article', 'proceedings', 'northcote2025costs', 'thesis', 'preprint']) {
      const [pdfUrl] = metaValues((await tagsOf(key)).head, 'citation_pdf_url');
      expect(pdfUrl).toBe(`${PUBLIC_URL}/research/${key}/paper.pdf`);
      const path = new URL(pdfUrl).pathname;
      expect([path, robotsAllow(robots, path)]).toEqual([path, true]);
      const pdf = await get(path);
      expect([path, pdf.statusCode, pdf.headers['content-type']]).toEqual([path, 200, 'application/pdf']);
      expect(pdf.headers['content-disposition']).toMatch(/^inline;/);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
