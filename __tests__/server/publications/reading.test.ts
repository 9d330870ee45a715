import { BIBTEX_LIMITS, parseBibtex } from '../../../server/src/publications/bibtex';
import { citationsOf } from '../../../server/src/publications/cite';
import { paperKey } from '../../../server/src/publications/facets';
import { latexToHtml, latexToText } from '../../../server/src/publications/latex';
import { htmlToPlainText } from '../../../server/src/publications/plainText';
import { renderEntry } from '../../../server/src/publications/render';
import { ARTICLE_AS_SHOWN, PAPERS_BIB, WORKING_PAPER_BIB } from './fixtures';

const entriesOf = (text: string) => {
  const result = parseBibtex(text);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.entries;
};
const problemsOf = (text: string) => {
  const result = parseBibtex(text);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.errors;
};

describe('reading BibTeX as researchers export it', () => {
  it('reads entries in file order with their type, line and fields, expanding @string macros', () => {
    const entries = entriesOf(PAPERS_BIB);
    expect(entries.map(({ key, type, line }) => ({ key, type, line }))).toEqual([
      { key: 'northcote2019slv', type: 'article', line: 4 },
      { key: 'northcote2024rough', type: 'misc', line: 13 },
    ]);
    expect(entries[0].fields.journal).toBe('Journal of Computational Finance');
    expect(entries[0].fields.pages).toBe('1--29');
    expect(entries[1].source).toMatch(/^@misc\{northcote2024rough,[\s\S]*\}$/);
  });

  it('reads quoted values, bare numbers, month names and # concatenation, and skips comments and the preamble', () => {
    const [entry] = entriesOf(String.raw`@comment{exported by JabRef}
@preamble{"\newcommand{\noop}[1]{}"}
@String(series = "Lecture Notes")
@inproceedings{doe2020,
  title = "Hedging {GARCH} options",
  booktitle = series # { in Finance},
  month = mar, year = 2020,
}`);
    expect(entry.fields).toEqual({ title: 'Hedging {GARCH} options', booktitle: 'Lecture Notes in Finance', month: 'March', year: '2020' });
  });

  it('names the line and the entry of each problem, and imports nothing from such a file', () => {
    expect(problemsOf('@article{a,\n  title = {Open}\n  year = {2020}\n}')).toEqual([
      'Line 1, entry "a": a comma or the closing "}" is missing after field "title" on line 2.',
    ]);
    expect(problemsOf('@article{a, journal = nosuch}')).toEqual([
      'Line 1, entry "a": field "journal" uses "nosuch", which no @string defines (put text in braces).',
    ]);
    expect(problemsOf('@article{a title = {x}}')).toEqual(['Line 1, entry @article: a comma is missing after the citation key.']);
    expect(problemsOf('@article{a, year = {2020}}')).toEqual(['Line 1, entry "a": it has no title.']);
    expect(problemsOf('@{a, title = {x}}')).toEqual(['Line 1, an entry: "@" is not followed by an entry type.']);
  });

  it('reports a citation key used twice, with both lines', () => {
    expect(problemsOf('@article{same, title = {One}}\n\n@misc{same, title = {Two}}')).toEqual(['Line 3: citation key "same" is used twice (first on line 1).']);
  });

  it('lists every problem of a file at once', () => {
    expect(problemsOf('@article{a, journal = nosuch}\n@article{b title = {x}}')).toHaveLength(2);
  });

  it('refuses a file over the size limit without reading it', () => {
    expect(problemsOf(' '.repeat(BIBTEX_LIMITS.chars + 1))).toEqual(['The file is larger than 1 MB.']);
  });
});

describe('LaTeX in titles and abstracts', () => {
  it('turns accents, special letters, dashes and escaped characters into Unicode', () => {
    expect(latexToText(String.raw`Caf{\'e} na{\"\i}ve Stra\ss{}e \c{c}a G\"{o}del --- 50\% of \$1 \& more`)).toBe(
      'Café naïve Straße ça Gödel — 50% of $1 & more',
    );
  });

  it('renders mathematics to MathML on the server and keeps its TeX source in plain text', () => {
    const title = String.raw`Pricing under $\alpha$-stable L\'evy jumps`;
    expect(latexToText(title)).toBe(String.raw`Pricing under $\alpha$-stable Lévy jumps`);
    const html = latexToHtml(title);
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML">');
    expect(html).toContain('<mi>α</mi>');
    expect(html).toContain('-stable Lévy jumps');
  });

  it('escapes every character of text, so a title cannot inject markup', () => {
    expect(latexToHtml('<script>alert(1)</script> & "quotes" $x<y$')).toMatch(
      /^&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &quot;quotes&quot; <span class="katex">/,
    );
    expect(latexToHtml('$x<y$')).not.toContain('<y');
  });

  it('keeps emphasis as HTML and shows mathematics that does not parse as written code', () => {
    expect(latexToHtml(String.raw`\emph{after} \textbf{costs}`)).toBe('<em>after</em> <strong>costs</strong>');
    expect(latexToHtml(String.raw`bad $\frac{1$ math`)).toBe(String.raw`bad <code>\frac{1</code> math`);
  });
});

describe('a publication as the Research page shows it', () => {
  it('lists authors first name first, with accents, and finds the DOI in a doi.org address', () => {
    const [article] = entriesOf(PAPERS_BIB).map(renderEntry);
    expect(article).toMatchObject(ARTICLE_AS_SHOWN);
  });

  it('takes an arXiv @misc for a working paper with its arXiv id, venue and rendered abstract', () => {
    const preprint = renderEntry(entriesOf(PAPERS_BIB)[1]);
    expect(preprint).toMatchObject({ entry_type: 'misc', arxiv: '2403.01234', venue: 'arXiv preprint arXiv:2403.01234', year: 2024, is_working_paper: true });
    expect(preprint.abstract).toBe(String.raw`We show that $\mathbb{E}[R] > 0$ after costs.`);
    expect(preprint.abstract_html).toContain('<em>after</em>');
    expect(preprint.abstract_html).toContain('<mi>𝔼</mi>');
  });

  it('takes an SSRN @techreport for a working paper with its SSRN id and keeps its BibTeX as written', () => {
    const [paper] = entriesOf(WORKING_PAPER_BIB).map(renderEntry);
    expect(paper).toMatchObject({ entry_type: 'techreport', ssrn: '4567890', venue: 'SSRN, Working Paper 4567890', year: 2025, is_working_paper: true });
    expect(paper.bibtex).toBe(WORKING_PAPER_BIB);
  });
});

describe('titles as plain text and page keys', () => {
  it('draws styled letters as Unicode’s mathematical letters, which browsers following MathML Core show', () => {
    const html = latexToHtml(String.raw`$\mathbb{E} + \mathbb{R} + \mathcal{F} + \mathfrak{H} + \boldsymbol{\sigma} + \mathbb{1}$`);
    for (const letter of ['𝔼', 'ℝ', 'ℱ', 'ℌ', '𝝈', '𝟙']) expect([letter, html.includes(`>${letter}</`)]).toEqual([letter, true]);
    expect(html).not.toContain('mathvariant="double-struck"');
  });

  it('reads mathematics as the characters it shows, never its TeX', () => {
    const plain = (tex: string) => htmlToPlainText(latexToHtml(tex));
    expect(plain(String.raw`DOI of $\partial_\theta \mathbb{E}[f(X)]$`)).toBe('DOI of ∂θE[f(X)]');
    expect(plain(String.raw`With $\sigma^2 = 0.04$, $e^{\mu t}$ and $\frac{a+b}{2}$ \& \emph{more}`)).toBe('With σ² = 0.04, e^(μt) and (a + b)/2 & more');
    expect(plain(String.raw`$x_{1}$ and $\sqrt{x}$`)).toBe('x₁ and √x');
  });

  it('makes page keys from citation keys: lower case, one hyphen for each run of other characters', () => {
    expect(paperKey('Northcote2019SLV')).toBe('northcote2019slv');
    expect(paperKey('DBLP:journals/corr/abs-2403.01234')).toBe('dblp-journals-corr-abs-2403-01234');
    expect(paperKey('Götz_2020')).toBe('gotz-2020');
    expect(paperKey('::')).toBe('key-3a-3a');
  });
});

describe('citations', () => {
  it('cites an entry nested deeper than Citation.js reads from what the site read of it', () => {
    const [article] = entriesOf(PAPERS_BIB);
    const publication = { ...renderEntry(article), title_text: 'Calibrating stochastic-local volatility with jumps', topics: [] };
    const nested = `${'{'.repeat(5000)}Journal${'}'.repeat(5000)}`;
    const citations = citationsOf(
      {
        ...publication,
        id: 1,
        key: 'x',
        kind: { slug: 'journal-article', name: 'Journal article' },
        document: null,
        paper_url: '',
        links: [],
        selected: false,
        position: 1,
        updated_at: '',
      },
      { ...article.fields, journal: nested },
      '',
    );
    expect(citations.apa).toBe(
      'Elias Northcote, Bernd Götz, & René Carmona. (2019). Calibrating stochastic-local volatility with jumps. Journal of Computational Finance. https://doi.org/10.21314/JCF.2019.001',
    );
  }, 30_000);
});
