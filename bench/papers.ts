/**
 * Papers for the bench: a researcher's list of a dozen, with math in titles and abstracts, topics and
 * links, imported as staff would; one of them is the paper page measured, three are on the home page.
 */
export const PAPER = '/research/dupire2027local';

import type { StaffApi as Api } from './builtSite';

function entry(i: number): string {
  const year = 2016 + (i % 10);
  const type = i % 3 === 0 ? 'inproceedings' : 'article';
  const venue = type === 'article' ? `journal = {Quantitative Finance ${i}}` : `booktitle = {Conference on Computational Finance ${i}}`;
  return `@${type}{paper${i}${year},
  title = {Rough volatility and the term structure of skew, part ${i}: $\\sigma_t = \\xi_0 e^{\\eta W^H_t}$},
  author = {Bench, Owner and Co-Author, Ann and Third, Carl},
  ${venue},
  year = {${year}},
  doi = {10.1000/bench.${i}},
  keywords = {${i % 2 ? 'volatility, rough paths' : 'portfolio choice'}},
  abstract = {We study $\\mathbb{E}[f(X_T)]$ under a rough model with Hurst index $H < 1/2$. ${'The estimator converges at rate $n^{-H}$. '.repeat(6)}}
}`;
}

export async function seedPapers(api: Api): Promise<void> {
  const measured = `@article{${PAPER.split('/').pop()},
  title = {Local volatility, $\\partial_\\theta \\mathbb{E}[f(X)]$ and the smile},
  author = {Bench, Owner and Dupire, Bruno},
  journal = {Risk},
  year = {2027},
  volume = {40},
  pages = {1--24},
  doi = {10.1000/bench.local},
  eprint = {2701.01234},
  archivePrefix = {arXiv},
  keywords = {volatility, calibration},
  abstract = {A local volatility $\\sigma(t, K)$ consistent with every quoted option is ${'calibrated in one pass from the smile, and its Greeks follow from one adjoint sweep. '.repeat(8)}}
}`;
  await api('POST', '/api/publications/import/', { bibtex: [measured, ...Array.from({ length: 12 }, (_, i) => entry(i + 1))].join('\n\n') });
  // Three of them on the home page, as an owner would choose.
  const papers = await api<{ id: number }[]>('GET', '/api/publications/');
  for (const paper of papers.slice(0, 3)) await api('PATCH', `/api/publications/${paper.id}/`, { selected: true });
}
