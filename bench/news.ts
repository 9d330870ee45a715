/** News for the bench: more than a page of items over two years, with mathematics and links to the site's own pages. */
import type { StaffApi as Api } from './builtSite';
import { PAPER } from './papers';

export async function seedNews(api: Api): Promise<void> {
  for (let i = 0; i < 26; i += 1) {
    await api('POST', '/api/news/', {
      date: new Date(Date.now() - i * 28 * 86_400_000).toISOString().slice(0, 10),
      text: `New working paper, *part ${i + 1}*: the skew explodes like $T^{H - 1/2}$ — see [the paper](${PAPER}).`,
      link: i % 3 ? '' : `${PAPER}`,
    });
  }
}
