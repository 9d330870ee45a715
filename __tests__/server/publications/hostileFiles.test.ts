import { BIBTEX_MAX_CHARS, type ImportPlan, type ListedPublication } from '../../../server/contract/publications';
import { BIBTEX_LIMITS } from '../../../server/src/publications/bibtex';
import { serverWithAccountsFor } from '../testServer';

/** `unit` repeated between `prefix` and `suffix` up to the size limit. */
const fill = (unit: string, prefix: string, suffix = '') =>
  prefix + unit.repeat(Math.floor((BIBTEX_MAX_CHARS - prefix.length - suffix.length) / unit.length)) + suffix;

/** What a browser's `file.text()` makes of a PDF: its binary streams become U+FFFD and control characters. */
const PDF_AS_TEXT = new TextDecoder().decode(
  Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 44 >>\nstream\n', 'latin1'),
    Buffer.from([0x78, 0x9c, 0x00, 0x40, 0xff, 0xfe, 0x01, 0x02]),
    Buffer.from('\nendstream\nendobj\n@x{\n', 'latin1'),
  ]),
);

describe('BibTeX files that are hostile, broken or not BibTeX at all', () => {
  const { server, staff } = serverWithAccountsFor();
  const preview = (bibtex: string) => server.inject({ method: 'POST', url: '/api/publications/import/preview/', headers: staff, payload: { bibtex } });
  const importBib = (bibtex: string) => server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex } });
  const problemsOf = async (bibtex: string) => {
    const response = await preview(bibtex);
    expect(response.statusCode).toBe(400);
    return response.json<{ bibtex: string[] }>().bibtex;
  };

  // Each file fills the 1 MB limit with a shape that once made a regular expression try the same
  // characters again and again (minutes per file); read in one pass, each answers well within the test's time.
  it.each([
    ['a value of line breaks and spaces', fill('\n ', '@article{k,\n  title = {', '}}'), 'Line 1, entry "k": it has no title.'],
    [
      'a value of spaces with no line break',
      fill(' ', '@article{k,\n  title = {x', 'x}}'),
      `Line 1, entry "k": field "title" is longer than ${BIBTEX_LIMITS.fieldChars} characters.`,
    ],
    [
      'lines in a value that almost start a field',
      fill('\n  name = x', '@article{k,\n  title = {', '}}'),
      `Line 1, entry "k": field "title" is longer than ${BIBTEX_LIMITS.fieldChars} characters.`,
    ],
    ['line breaks and spaces after a broken entry', fill('\n ', '@article{k title}'), 'Line 1, entry @article: a comma is missing after the citation key.'],
    ['an unclosed brace before 1 MB of "{"', fill('{', '@article{k,\n  title = {'), 'Line 1, entry "k": unbalanced braces in field "title".'],
  ])('answers %s at the size limit with its problem', async (_shape, bibtex, problem) => {
    expect((await problemsOf(bibtex))[0]).toBe(problem);
  });

  it('reads author lists with long runs of spaces and titles of unclosed mathematics at the size limit', async () => {
    const spaced = Array.from({ length: 100 }, (_, i) => `@misc{a${i}, title = {t}, author = {A${' '.repeat(9_000)}x and B}}\n`).join('');
    const authors = await preview(spaced);
    expect(authors.statusCode).toBe(200);
    expect(authors.json<ImportPlan>().added).toHaveLength(100);
    const unclosed = Array.from({ length: 100 }, (_, i) => `@misc{m${i}, title = {${'\\( \\[ '.repeat(1_600)}}}\n`).join('');
    expect((await preview(unclosed)).statusCode).toBe(200);
  });

  it('refuses @string macros that double each other with the line of the one past the limit, not a server error', async () => {
    const chain = ['@string{m0 = "xx"}', ...Array.from({ length: 39 }, (_, i) => `@string{m${i + 1} = m${i} # m${i}}`), '@misc{bomb, title = m39}'];
    const problems = await problemsOf(chain.join('\n'));
    expect(problems[0]).toBe(`Line 14, @string "m13": its value is longer than ${BIBTEX_LIMITS.fieldChars} characters with its @string macros expanded.`);
  });

  it('refuses a file whose macros expand past the limit of the whole file, naming the entry where it is passed', async () => {
    const macro = `@string{long = {${'x'.repeat(BIBTEX_LIMITS.fieldChars)}}}\n`;
    const uses = Array.from({ length: 120 }, (_, i) => `@misc{k${i}, title = long}`).join('\n');
    expect(await problemsOf(macro + uses)).toEqual([
      `Line 101, entry "k99": the file's values come to more than ${BIBTEX_LIMITS.expandedChars} characters with @string macros expanded.`,
    ]);
  });

  it('refuses a file with more mathematics than it can render in time', async () => {
    const formulas = Array.from({ length: 11 }, (_, i) => `@misc{k${i}, title = {${'$x$ '.repeat(1_000)}}}`).join('\n');
    expect(await problemsOf(formulas)).toEqual([
      `Line 11, entry "k10": the titles and abstracts hold more than ${BIBTEX_LIMITS.formulas} formulas; import the file in parts.`,
    ]);
  });

  it('says a PDF or another binary file is not a BibTeX text file, whatever its size', async () => {
    expect(await problemsOf(PDF_AS_TEXT)).toEqual(['The file is a PDF, not a BibTeX text file.']);
    expect(await problemsOf('@misc{k, title = {x}}\n\n\u0000\u0001\u0002')).toEqual(['The file is not a BibTeX text file (line 3 has binary data).']);
    // Every character escaped as \u0000 in JSON: six times the text, still read rather than refused for its size.
    expect(await problemsOf('\u0000'.repeat(BIBTEX_MAX_CHARS))).toEqual(['The file is not a BibTeX text file (line 1 has binary data).']);
    const latin1 = new TextDecoder().decode(Buffer.from('@misc{k,\n  author = {G\xf6tz, Bernd}, title = {x}}', 'latin1'));
    expect(await problemsOf(latin1)).toEqual(['The file is not UTF-8 text (line 2); save it as UTF-8.']);
  });

  it('names the line and the entry of each problem of a malformed file', async () => {
    const bibtex = [
      '@article{good2020, title = {Fine}, year = 2020}',
      '',
      '@article{quotes2021,',
      '  title = "Unterminated,',
      '  year = 2021',
      '}',
      '@misc{equals2022,',
      '  title {Missing equals}',
      '}',
      '@misc{macro2023, title = {x}, journal = nosuch}',
      '@misc (paren2024, title = {Parenthesised})',
      '@book{nokey, }',
      '@ {typeless}',
    ].join('\n');
    expect(await problemsOf(bibtex)).toEqual([
      'Line 3, entry "quotes2021": unterminated quotes in field "title".',
      'Line 7, entry "equals2022": "=" is missing after field "title" on line 8.',
      'Line 10, entry "macro2023": field "journal" uses "nosuch", which no @string defines (put text in braces).',
      'Line 12, entry "nokey": it has no title.',
      'Line 13, an entry: "@" is not followed by an entry type.',
    ]);
  });

  it('keeps names that are properties of every object as plain names', async () => {
    expect(await problemsOf('@misc{k, title = {x}, journal = constructor}')).toEqual([
      'Line 1, entry "k": field "journal" uses "constructor", which no @string defines (put text in braces).',
    ]);
    const response = await importBib('@constructor{proto, title = {\\constructor{Pricing} \\toString options}}');
    expect(response.statusCode).toBe(200);
    const [publication] = (await server.inject({ method: 'GET', url: '/api/publications/' })).json<ListedPublication[]>();
    expect(publication).toMatchObject({ entry_type: 'constructor', title: 'Pricing options', venue: '' });
  });

  it('shows an @unpublished entry with its note, where BibTeX keeps its status', async () => {
    const bibtex =
      '@unpublished{doe2024,\n  author = {Doe, Jane},\n  title = {Momentum in the cross-section},\n  note = {Manuscript under review},\n  year = 2024\n}';
    expect((await importBib(bibtex)).statusCode).toBe(200);
    const [publication] = (await server.inject({ method: 'GET', url: '/api/publications/' })).json<ListedPublication[]>();
    expect(publication).toMatchObject({ entry_type: 'unpublished', venue: 'Manuscript under review', is_working_paper: true, authors: ['Jane Doe'] });
  });
});
