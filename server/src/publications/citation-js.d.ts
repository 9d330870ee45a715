/** The part of Citation.js the site uses (the package ships no types). */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    format(format: 'bibliography', options: { template: string; format: 'text' | 'html'; lang: string }): string;
    /** RIS as one object of tags a record, a tag given several times (`AU`) as a list. */
    format(format: 'ris', options: { format: 'object' }): Record<string, string | string[]>[];
  }
  export const plugins: {
    config: {
      get(name: '@csl'): {
        styles: { add(name: string, xml: string): void };
        /** The style's citeproc engine for the items, built on first use and kept. */
        engine(items: unknown[], style: string, lang: string, format: 'text' | 'html'): unknown;
      };
    };
  };
}
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-csl';
