import type { SiteContent } from '../../contract/content';

/**
 * The site's words on its first start, before staff have edited them; afterwards the database
 * holds them and this is not read again. They speak as an example person: his name, email and
 * LinkedIn profile are written once, in the identity at the top, and the CV lines and the On the
 * Web card that show them refer to it (`from`), so that the owner's setup replaces them everywhere.
 */
export const seedContent: SiteContent = {
  name: 'Elias Northcote',
  role: 'Quantitative Researcher',
  company_name: 'Northcote Quantitative Research Ltd',
  email: 'contact@eliasnorthcote.com',
  photo: null,
  profiles: [{ kind: 'linkedin', url: 'https://www.linkedin.com/in/elias-northcote' }],
  tagline: 'I build pricing, signal and risk models for derivatives and systematic portfolios — and test them hard enough to know where they stop working.',
  typewriter_phrases: ['Quantitative Researcher', 'Derivatives Pricing & Risk', 'Statistical Arbitrage'],
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
  ],
  cv: {
    contact: [
      { label: 'Email', value: '', from: 'email' },
      {
        label: 'Location',
        value: 'London, United Kingdom',
      },
      { label: 'LinkedIn', value: '', from: 'linkedin' },
    ],
    education: [
      {
        title: 'PhD in Financial Mathematics',
        place: 'University of Warwick',
        period: '2013 – 2017',
        points: [
          'Thesis: calibration of stochastic-local volatility models with jumps, and its consequences for hedging barrier options.',
          'Taught stochastic calculus and numerical methods tutorials to master’s students.',
        ],
      },
      {
        title: 'MSc in Quantitative Finance',
        place: 'ETH Zurich and University of Zurich',
        period: '2011 – 2013',
        points: ['Dissertation on Monte Carlo estimation of Greeks with likelihood-ratio and pathwise methods.'],
      },
      {
        title: 'BSc (Hons) Mathematics, First Class',
        place: 'University of Edinburgh',
        period: '2007 – 2011',
        points: ['Final-year project on time-series models of realised volatility.'],
      },
    ],
    experience: [
      {
        title: 'Senior Quantitative Researcher',
        place: 'Calder Street Capital, London',
        period: '2021 – present',
        points: [
          'Lead research for a market-neutral statistical arbitrage strategy in European and US equities.',
          'Designed the factor-neutral portfolio optimiser and the transaction-cost model used in production.',
          'Introduced a research workflow with versioned data, walk-forward tests and pre-registered hypotheses.',
        ],
      },
      {
        title: 'Quantitative Analyst, Derivatives Pricing',
        place: 'Hartwell & Vane Bank, London',
        period: '2017 – 2021',
        points: [
          'Built and calibrated stochastic-local volatility models for equity and FX exotic options.',
          'Cut overnight risk run times by rewriting Monte Carlo pricers in vectorised C++ with adjoint Greeks.',
          'Documented models for independent validation and supported regulatory model reviews.',
        ],
      },
      {
        title: 'Graduate Teaching Assistant',
        place: 'University of Warwick',
        period: '2014 – 2017',
        points: ['Ran problem classes in stochastic calculus, derivatives pricing and numerical methods.'],
      },
    ],
    skills: [
      {
        label: 'Modelling',
        value: 'Stochastic calculus, local and stochastic volatility, jump processes, Monte Carlo and PDE methods, calibration',
      },
      {
        label: 'Statistics',
        value: 'Time-series econometrics, regularised regression, Bayesian inference, robust backtesting',
      },
      {
        label: 'Portfolio and risk',
        value: 'Mean-variance and risk-budget optimisation, factor models, VaR and expected shortfall, stress testing',
      },
      {
        label: 'Programming',
        value: 'Python (NumPy, pandas, SciPy), modern C++, SQL, Git, Linux',
      },
    ],
    languages: [
      {
        label: 'English',
        value: 'Native',
      },
      {
        label: 'German',
        value: 'Professional working proficiency',
      },
      {
        label: 'French',
        value: 'Intermediate',
      },
    ],
    nationality: 'British',
    links: [
      { label: 'LinkedIn', value: '', from: 'linkedin' },
      { label: 'Email', value: '', from: 'email' },
    ],
    additional: [
      'Financial Risk Manager (FRM) certification, 2019.',
      'Speaker on volatility modelling at practitioner workshops and university seminars.',
      'Full right to work in the United Kingdom; open to travel.',
      'References available on request.',
    ],
  },
  on_the_web: [
    {
      title: 'LinkedIn',
      description: 'Career history, recommendations and professional updates.',
      from: 'linkedin',
    },
    {
      title: 'Publications',
      description: 'Working papers and preprints on volatility modelling and systematic strategies.',
    },
    {
      title: 'Code',
      description: 'Open-source numerical tools and the code behind selected papers.',
    },
    {
      title: 'Video Channel',
      description: 'Recorded talks and short explanations of pricing techniques.',
    },
    {
      title: 'Articles',
      description: 'Longer essays on research practice and model risk.',
    },
    {
      title: 'Blog',
      description: 'Shorter notes on markets, methods and papers worth reading.',
    },
  ],
  about: [
    'I am a quantitative researcher based in London. I work where mathematics meets markets: pricing derivatives, finding and testing systematic trading signals, and measuring the risks that both carry.',
    'After a first degree in mathematics at Edinburgh I moved to Zurich for a master’s in quantitative finance, then to Warwick for a PhD in financial mathematics. My thesis studied the calibration of stochastic-local volatility models when prices can jump — a problem that looks academic until a book of barrier options has to be hedged through an earnings announcement.',
    'I spent four years building equity and FX volatility models on a bank’s derivatives desk, working closely with traders, model validation and risk. Since 2021 I have led research on mid-frequency statistical arbitrage for a systematic fund, from signal ideas through portfolio construction to execution analysis.',
    'I value clear code, reproducible research and honest backtests. Outside work I run long distances slowly, play correspondence chess badly, and read economic history. I am happy to hear about research collaborations, speaking invitations and roles where careful modelling matters.',
  ],
};
