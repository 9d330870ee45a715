/** Real-world shapes: a Scholar-style article, an arXiv @misc with math, an SSRN working paper. */
export const PAPERS_BIB = String.raw`% Exported from Zotero
@string{jcf = "Journal of Computational Finance"}

@article{northcote2019slv,
  author = {Northcote, Elias and G{\"o}tz, Bernd and Carmona, Ren{\'e}},
  title = {Calibrating stochastic-local volatility with jumps},
  journal = jcf,
  volume = {22}, number = {4}, pages = {1--29},
  year = {2019},
  doi = {https://doi.org/10.21314/JCF.2019.001},
}

@misc{northcote2024rough,
  title={Pricing under $\alpha$-stable L\'evy processes with $\sigma^2 = 0.04$},
  author={Elias Northcote and Jane Doe},
  year={2024},
  eprint={2403.01234},
  archivePrefix={arXiv},
  primaryClass={q-fin.PR},
  abstract={We show that $\mathbb{E}[R] > 0$ \emph{after} costs.}
}
`;

export const WORKING_PAPER_BIB = String.raw`@techreport{northcote2025costs,
  author = {Northcote, Elias},
  title = {Transaction costs in statistical arbitrage},
  institution = {SSRN}, type = {Working Paper}, number = {4567890},
  year = 2025,
  url = {https://papers.ssrn.com/sol3/papers.cfm?abstract_id=4567890}
}`;

/** What the Research page shows of PAPERS_BIB's article, whatever the path it took. */
export const ARTICLE_AS_SHOWN = {
  cite_key: 'northcote2019slv',
  entry_type: 'article',
  authors: ['Elias Northcote', 'Bernd Götz', 'René Carmona'],
  venue: 'Journal of Computational Finance',
  year: 2019,
  doi: '10.21314/JCF.2019.001',
  is_working_paper: false,
};
