/** What the SPA needs to know of citations, free of schema code so that it costs the browser little. */

/** The forms a paper can be cited in, each downloadable as a file. */
export const CITATION_FORMATS = {
  apa: { label: 'APA', extension: 'txt' },
  chicago: { label: 'Chicago', extension: 'txt' },
  bibtex: { label: 'BibTeX', extension: 'bib' },
  ris: { label: 'RIS', extension: 'ris' },
} as const;
export type CitationFormat = keyof typeof CITATION_FORMATS;
