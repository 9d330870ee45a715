/** The part of Citation.js the site uses (the package ships no types). */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown, options?: { forceType?: string });
    data: Record<string, unknown>[];
    format(format: 'bibliography', options: { template: string; format: 'text' | 'html'; lang: string }): string;
    format(format: 'ris' | 'bibtex'): string;
  }
  export const plugins: {
    config: { get(name: '@csl'): { styles: { add(name: string, xml: string): void } } };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-csl';
