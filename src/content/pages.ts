/**
 * The CV, About and On the Web text. Kept apart from site.ts so the home page does not download
 * it; the name, email and LinkedIn address come from site.ts.
 */
import { site } from './site';

export interface CvEntry {
  title: string;
  place: string;
  period: string;
  points: string[];
}

export interface LabelledItem {
  label: string;
  value: string;
  href?: string;
}

export interface WebPresenceCard {
  title: string;
  description: string;
  /** Cards without an address are shown disabled as Coming Soon. */
  href?: string;
}

const { email, linkedInUrl } = site;

export const pages = {
  about: [
    'I am a quantitative researcher based in London. I work where mathematics meets markets: pricing derivatives, finding and testing systematic trading signals, and measuring the risks that both carry.',
    'After a first degree in mathematics at Edinburgh I moved to Zurich for a master’s in quantitative finance, then to Warwick for a PhD in financial mathematics. My thesis studied the calibration of stochastic-local volatility models when prices can jump — a problem that looks academic until a book of barrier options has to be hedged through an earnings announcement.',
    'I spent four years building equity and FX volatility models on a bank’s derivatives desk, working closely with traders, model validation and risk. Since 2021 I have led research on mid-frequency statistical arbitrage for a systematic fund, from signal ideas through portfolio construction to execution analysis.',
    'I value clear code, reproducible research and honest backtests. Outside work I run long distances slowly, play correspondence chess badly, and read economic history. I am happy to hear about research collaborations, speaking invitations and roles where careful modelling matters.',
  ],

  cv: {
    /** Subject line prefilled by the Ask for More Information button. */
    enquirySubject: `CV enquiry — ${site.name}`,
    contact: [
      { label: 'Email', value: email, href: `mailto:${email}` },
      { label: 'Location', value: 'London, United Kingdom' },
      { label: 'LinkedIn', value: 'linkedin.com/in/elias-northcote', href: linkedInUrl },
    ] satisfies LabelledItem[],
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
    ] satisfies CvEntry[],
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
    ] satisfies CvEntry[],
    skills: [
      { label: 'Modelling', value: 'Stochastic calculus, local and stochastic volatility, jump processes, Monte Carlo and PDE methods, calibration' },
      { label: 'Statistics', value: 'Time-series econometrics, regularised regression, Bayesian inference, robust backtesting' },
      { label: 'Portfolio and risk', value: 'Mean-variance and risk-budget optimisation, factor models, VaR and expected shortfall, stress testing' },
      { label: 'Programming', value: 'Python (NumPy, pandas, SciPy), modern C++, SQL, Git, Linux' },
    ] satisfies LabelledItem[],
    languages: [
      { label: 'English', value: 'Native' },
      { label: 'German', value: 'Professional working proficiency' },
      { label: 'French', value: 'Intermediate' },
    ] satisfies LabelledItem[],
    nationality: 'British',
    links: [
      { label: 'LinkedIn', value: 'linkedin.com/in/elias-northcote', href: linkedInUrl },
      { label: 'Email', value: email, href: `mailto:${email}` },
    ] satisfies LabelledItem[],
    additional: [
      'Financial Risk Manager (FRM) certification, 2019.',
      'Speaker on volatility modelling at practitioner workshops and university seminars.',
      'Full right to work in the United Kingdom; open to travel.',
      'References available on request.',
    ],
  },

  onTheWeb: [
    { title: 'LinkedIn', description: 'Career history, recommendations and professional updates.', href: linkedInUrl },
    { title: 'Publications', description: 'Working papers and preprints on volatility modelling and systematic strategies.' },
    { title: 'Code', description: 'Open-source numerical tools and the code behind selected papers.' },
    { title: 'Video Channel', description: 'Recorded talks and short explanations of pricing techniques.' },
    { title: 'Articles', description: 'Longer essays on research practice and model risk.' },
    { title: 'Blog', description: 'Shorter notes on markets, methods and papers worth reading.' },
  ] satisfies WebPresenceCard[],
};
