import { BIBTEX_LIMITS, parseBibtex } from '../../../server/src/publications/bibtex';
import { citationsOf } from '../../../server/src/publications/cite';
import { paperKey } from '../../../server/src/publications/facets';
import { latexToHtml, latexToText } from '../../../server/src/publications/latex';
import { htmlToPlainText } from '../../../server/src/publications/plainText';
import { renderEntry } from '../../../server/src/publications/render';
import { entryColumns, toPublication } from '../../../server/src/repositories/publications';
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
    // MathML's invisible operators (function application, times) are not text.
    expect(plain(String.raw`$\log(K/F)$ and $\sin x$`)).toBe('log(K/F) and sin x');
  });

  it('makes page keys from citation keys: lower case, one hyphen for each run of other characters', () => {
    expect(paperKey('Northcote2019SLV')).toBe('northcote2019slv');
    expect(paperKey('DBLP:journals/corr/abs-2403.01234')).toBe('dblp-journals-corr-abs-2403-01234');
    expect(paperKey('Götz_2020')).toBe('gotz-2020');
    expect(paperKey('::')).toBe('key-3a-3a');
  });
});

/** A publication as the site reads and stores it, cited. */
function cite(bibtex: string) {
  const [entry] = entriesOf(bibtex).map(renderEntry);
  const row = {
    ...entryColumns(entry),
    id: 1,
    cite_key: entry.cite_key,
    is_working_paper: entry.is_working_paper ? 1 : 0,
    document_id: null,
    selected: 0,
    position: 1,
    updated_at: '',
    citations: null,
  };
  return citationsOf(toPublication(row), entry.fields, '');
}

/** Reference entries of each kind of work a researcher lists, with an accent, a particle and mathematics. */
const REFERENCES = {
  article: String.raw`@article{article, author = {Northcote, Elias and Garc{\'\i}a, Ana and van der Berg, Jan},
    title = {Calibrating stochastic-local volatility with jumps}, journal = {Journal of Computational Finance},
    volume = {22}, number = {4}, pages = {1021--1050}, year = {2019}, doi = {10.21314/JCF.2019.001}}`,
  proceedings: String.raw`@inproceedings{proceedings, author = {Northcote, Elias and Jane Doe},
    title = {Estimating $\partial_\theta \mathbb{E}[f(X)]$ without bias},
    booktitle = {Proceedings of the ACM International Conference on AI in Finance}, pages = {10--18}, year = {2023},
    publisher = {ACM}, address = {New York}, doi = {10.1145/3604237.3626851}}`,
  book: String.raw`@book{book, author = {Northcote, Elias}, title = {Volatility modelling in practice},
    publisher = {Cambridge University Press}, address = {Cambridge}, year = {2020}}`,
  thesis: String.raw`@phdthesis{thesis, author = {Northcote, Elias}, title = {Essays on rough volatility},
    school = {University of Oxford}, year = {2015}}`,
  // As Google Scholar exports an arXiv preprint.
  arxiv: String.raw`@article{arxiv, title = {Pricing under stable L\'evy processes}, author = {Northcote, Elias and Doe, Jane},
    journal = {arXiv preprint arXiv:2403.01234}, year = {2024}}`,
  workingPaper: WORKING_PAPER_BIB,
};

describe('citations', () => {
  it('writes Chicago (author-date) as the CSL project’s style gives it', () => {
    expect(Object.fromEntries(Object.entries(REFERENCES).map(([kind, bibtex]) => [kind, cite(bibtex).chicago]))).toEqual({
      article:
        'Northcote, Elias, Ana García, and Jan van der Berg. 2019. “Calibrating Stochastic-Local Volatility with Jumps.” Journal of Computational Finance 22 (4): 1021–50. https://doi.org/10.21314/JCF.2019.001.',
      proceedings:
        'Northcote, Elias, and Jane Doe. 2023. “Estimating ∂θE[f(X)] without Bias.” Proceedings of the ACM International Conference on AI in Finance (New York), 10–18. https://doi.org/10.1145/3604237.3626851.',
      book: 'Northcote, Elias. 2020. Volatility Modelling in Practice. Cambridge University Press.',
      thesis: 'Northcote, Elias. 2015. “Essays on Rough Volatility.” PhD diss., University of Oxford.',
      arxiv:
        'Northcote, Elias, and Jane Doe. 2024. “Pricing under Stable Lévy Processes.” arXiv:2403.01234. Preprint, arXiv. https://arxiv.org/abs/2403.01234.',
      workingPaper:
        'Northcote, Elias. 2025. Transaction Costs in Statistical Arbitrage. Working Paper No. 4567890. SSRN. https://papers.ssrn.com/sol3/papers.cfm?abstract_id=4567890.',
    });
  }, 30_000);

  it('keeps a title’s mathematics as written: its letters’ case and its superscripts', () => {
    const paper = cite(
      String.raw`@article{smile, author = {Northcote, Elias}, title = {The $x^2$ smile and $\mathbb{E}[\sigma_t^2]$ under roughness}, journal = {Risk}, year = {2024}}`,
    );
    expect(paper.chicago).toBe('Northcote, Elias. 2024. “The x² Smile and E[σt²] under Roughness.” Risk.');
    expect(paper.apa_html).toBe('Northcote, E. (2024). The x<sup>2</sup> smile and E[σt<sup>2</sup>] under roughness. <i>Risk</i>.');
    expect(paper.chicago_html).toBe('Northcote, Elias. 2024. “The x<sup>2</sup> Smile and E[σt<sup>2</sup>] under Roughness.” <i>Risk</i>.');
    expect(paper.ris).toContain('TI  - The x² smile and E[σt²] under roughness\n');
    // A formula's own signs are text.
    expect(cite(String.raw`@article{rough, author = {Doe, Jane}, title = {Paths with $H < 1/2$}, journal = {Risk}, year = {2024}}`).apa_html).toBe(
      'Doe, J. (2024). Paths with H &lt; 1/2. <i>Risk</i>.',
    );
  });

  it('gives APA and Chicago as HTML too, with their italics and nothing else, reading as the plain text', () => {
    const article = cite(REFERENCES.article);
    expect(article.apa).toBe(
      'Northcote, E., García, A., & van der Berg, J. (2019). Calibrating stochastic-local volatility with jumps. Journal of Computational Finance, 22(4), 1021–1050. https://doi.org/10.21314/JCF.2019.001',
    );
    expect(article.apa_html).toBe(
      'Northcote, E., García, A., &amp; van der Berg, J. (2019). Calibrating stochastic-local volatility with jumps. <i>Journal of Computational Finance</i>, <i>22</i>(4), 1021–1050. https://doi.org/10.21314/JCF.2019.001',
    );
    expect(cite(REFERENCES.book).chicago_html).toBe('Northcote, Elias. 2020. <i>Volatility Modelling in Practice</i>. Cambridge University Press.');
    // A title cannot bring markup of its own.
    const hostile = cite(
      String.raw`@book{x, author = {Doe, Jane}, title = {<b onclick="alert(1)">Bold</b> <script>alert(2)</script> \& <img src=x>}, year = {2020}}`,
    );
    for (const kind of Object.keys(REFERENCES) as (keyof typeof REFERENCES)[])
      for (const citations of [cite(REFERENCES[kind]), hostile])
        for (const style of ['apa', 'chicago'] as const) {
          const html = citations[`${style}_html`];
          expect(html.match(/<[^>]*>/g)?.filter((tag) => !/^<\/?(i|em|b)>$/.test(tag)) ?? []).toEqual([]);
          expect(htmlToPlainText(html)).toBe(citations[style]);
        }
    expect(hostile.chicago_html).toContain('&lt;script>');
  });

  it('writes each name’s LaTeX as the page does, composed, in every citation', () => {
    const citations = cite(REFERENCES.article);
    expect(renderEntry(entriesOf(REFERENCES.article)[0]).authors).toEqual(['Elias Northcote', 'Ana García', 'Jan van der Berg']);
    for (const text of Object.values(citations)) {
      expect(text).not.toMatch(/ı|\u0301/);
      expect(text.normalize('NFC')).toBe(text);
    }
    expect(citations.ris).toContain('AU  - García, Ana\nAU  - van der Berg, Jan\n');
    expect(citations.bibtex).toContain(String.raw`Garc{\'\i}a`);
  });

  it('writes RIS with the page range in SP and EP, and an arXiv preprint as unpublished work with its id', () => {
    const article = cite(REFERENCES.article).ris;
    expect(article).toMatch(/^TY {2}- JOUR\n/);
    expect(article).toContain('SP  - 1021\nEP  - 1050\n');
    expect(article).toContain('VL  - 22\n');
    expect(article).toContain('IS  - 4\n');
    const preprint = cite(REFERENCES.arxiv).ris;
    expect(preprint).toMatch(/^TY {2}- UNPB\n/);
    expect(preprint).toContain('UR  - https://arxiv.org/abs/2403.01234\n');
    expect(preprint).toContain('AN  - arXiv:2403.01234\n');
    expect(preprint).toContain('PB  - arXiv\n');
    expect(preprint).not.toContain('JO  -');
    expect(preprint.endsWith('ER  - \n')).toBe(true);
  });

  it('takes an arXiv preprint exported as an article for a working paper', () => {
    const [entry] = entriesOf(REFERENCES.arxiv).map(renderEntry);
    expect(entry).toMatchObject({ arxiv: '2403.01234', is_working_paper: true });
    expect(renderEntry(entriesOf(REFERENCES.article)[0]).is_working_paper).toBe(false);
  });

  it('reads names as BibTeX does: particles, suffixes and organisations', () => {
    const names = (author: string) => renderEntry(entriesOf(`@misc{x, title = {T}, author = {${author}}}`)[0]).authors;
    expect(
      names(
        String.raw`Ludwig van Beethoven and de la Fontaine, Jean and King, Jr, Martin Luther and {Bank for International Settlements} and Doe, J. and others`,
      ),
    ).toEqual(['Ludwig van Beethoven', 'Jean de la Fontaine', 'Martin Luther King Jr', 'Bank for International Settlements', 'J. Doe', 'others']);
    expect(cite(String.raw`@book{x, title = {T}, author = {{World Bank} and de la Fontaine, Jean}, year = {2020}}`).chicago).toBe(
      'World Bank, and Jean de la Fontaine. 2020. T.',
    );
  });

  it('cites an entry nested thousands of braces deep from the site’s reading of it', () => {
    const [article] = entriesOf(PAPERS_BIB);
    const nested = `${'{'.repeat(4000)}Journal${'}'.repeat(4000)}`;
    const citations = cite(article.source.replace('journal = jcf', `journal = ${nested}`));
    expect(citations.apa).toBe(
      'Northcote, E., Götz, B., & Carmona, R. (2019). Calibrating stochastic-local volatility with jumps. Journal, 22(4), 1–29. https://doi.org/10.21314/JCF.2019.001',
    );
  });
});
