/** Talks for the bench: upcoming and past ones over several years, with abstracts carrying math. */
import type { StaffApi as Api } from './builtSite';

const TYPES = ['invited', 'conference', 'seminar', 'lecture', 'course'];

export async function seedTalks(api: Api): Promise<void> {
  for (let i = 0; i < 12; i += 1) {
    // Two to come, the rest spread over the past four years.
    const days = i < 2 ? 30 * (i + 1) : -120 * (i - 1);
    await api('POST', '/api/talks/', {
      title: `Rough volatility and the smile, part ${i + 1}`,
      event: `Quantitative Finance Seminar ${i + 1}`,
      place: i % 2 ? 'Zurich' : 'London',
      date: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
      type: TYPES[i % TYPES.length],
      abstract: `We price under $\\sigma_t = \\xi_0 e^{\\eta W^H_t}$ with $H < 1/2$.\n\n${'The skew explodes at short maturities like $T^{H - 1/2}$. '.repeat(4)}`,
      slides: null,
      video: i % 3 ? '' : 'https://video.example.org/talk',
      paper: null,
    });
  }
}
