/**
 * What the site says about its owner, editable without touching any component. This module
 * holds the identity, contact details and home page text, which every first visit needs;
 * pages.ts beside it holds the CV, About and On the Web text, loaded only with those pages.
 */

export interface InterestSection {
  title: string;
  quote: string;
  source: string;
  description: string;
}

export const site = {
  name: 'Elias Northcote',
  initials: 'EN',
  /** Shown in the browser tab after each page's own title. */
  productName: 'Elias Northcote',
  /** Named in the footer of the not-found page. */
  companyName: 'Northcote Quantitative Research Ltd',
  role: 'Quantitative Researcher',
  tagline: 'I build pricing, signal and risk models for derivatives and systematic portfolios — and test them hard enough to know where they stop working.',
  email: 'contact@eliasnorthcote.com',
  linkedInUrl: 'https://www.linkedin.com/in/elias-northcote',

  typewriterPhrases: ['Quantitative Researcher', 'Derivatives Pricing & Risk', 'Statistical Arbitrage'],

  interests: [
    {
      title: 'Quantitative Research',
      quote: 'All models are wrong but some are useful.',
      source: 'George E. P. Box, “Robustness in the Strategy of Scientific Model Building”, 1979',
      description:
        'My research starts from data and ends with a decision. I look for effects that survive out-of-sample tests, realistic transaction costs and a change of regime, and I keep a written record of the ideas that did not — they are usually the more instructive half.',
    },
    {
      title: 'Advanced Financial Modelling',
      quote:
        'If options are correctly priced in the market, it should not be possible to make sure profits by creating portfolios of long and short positions in options and their underlying stocks.',
      source: 'Fischer Black and Myron Scholes, “The Pricing of Options and Corporate Liabilities”, Journal of Political Economy, 1973',
      description:
        'No-arbitrage arguments remain the backbone of my pricing work: local and stochastic volatility, jumps, and the calibration problems that appear when a model meets a real volatility surface. I care as much about stable Greeks and fast, well-tested numerics as about the model itself.',
    },
    {
      title: 'Academic Foundations',
      quote:
        'The process of selecting a portfolio may be divided into two stages. The first stage starts with observation and experience and ends with beliefs about the future performances of available securities.',
      source: 'Harry M. Markowitz, “Portfolio Selection”, The Journal of Finance, 1952',
      description:
        'A doctorate in financial mathematics gave me stochastic calculus, numerical methods and the habit of proving what I claim. I still read the classic papers alongside new ones, and I enjoy teaching the ideas to people who will use them at a desk rather than on a blackboard.',
    },
    {
      title: 'Investment Strategy',
      quote: 'We simply attempt to be fearful when others are greedy and to be greedy only when others are fearful.',
      source: 'Warren E. Buffett, Letter to the Shareholders of Berkshire Hathaway Inc., 1986',
      description:
        'Systematic strategies only work when they are sized with humility. I combine diversified signals with explicit risk budgets, drawdown controls and stress scenarios, so that a portfolio behaves as intended on the days when markets do not.',
    },
  ] satisfies InterestSection[],
};
