import { appReady, expectNoProblems, openSession } from './support/browser';
import { sharedSite } from './support/sharedSite';
import { staffSession } from './support/signIn';
import { firstHtml } from './support/site';

const STAFF = { email: 'cora.content@example.com', password: 'Content-passphrase-for-e2e-2026', firstName: 'Cora' };
const TAGLINE = 'I price what others hedge, and say where my models stop working.';

/** Two papers as a researcher exports them: an arXiv preprint with mathematics in its title, and an article. */
const BIBTEX = String.raw`@misc{northcote2026rough,
  title = {Rough volatility under $\alpha$-stable L\'evy jumps},
  author = {Northcote, Elias and G{\"o}tz, Bernd},
  year = {2026},
  eprint = {2603.01234}, archivePrefix = {arXiv},
  abstract = {We calibrate $\sigma(t, S_t)$ to the \emph{whole} surface.}
}
@article{northcote2019slv,
  author = {Northcote, Elias},
  title = {Calibrating stochastic-local volatility with jumps},
  journal = {Journal of Computational Finance},
  year = {2019}, doi = {10.21314/JCF.2019.001}
}`;

const shared = sharedSite({ staff: [STAFF] });

describe('the owner edits the site', () => {
  it('changes the tagline and a CV entry, imports two papers, and a visitor’s first HTML shows them with the math rendered', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { screen: 'Edit site content' });
    const { page } = staff;
    await page.getByRole('form', { name: 'Site content' }).waitFor();
    const experience = page.getByRole('group', { name: 'Experience' });
    await experience.getByLabel('Title').first().fill('Head of Quantitative Research');
    const owner = page.getByRole('group', { name: 'Owner' });
    await owner.getByLabel('Tagline').fill(TAGLINE);
    // The preview opens the page of the part edited last: the tagline's, the home page.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(TAGLINE).waitFor();
    await staff.screenshot('staff-content-preview');
    await page.getByRole('link', { name: 'Back to editing' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Site content saved. Visitors see the change now.').waitFor();
    await staff.screenshot('staff-site-content');

    await page.goto('/publications');
    await page.getByLabel('BibTeX', { exact: true }).fill(BIBTEX);
    await page.getByRole('button', { name: 'Check import' }).click();
    await page.getByRole('heading', { name: 'Will add 2' }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported: 2 added, 0 updated.').waitFor();
    await page.getByRole('listitem', { name: 'Calibrating stochastic-local volatility with jumps' }).waitFor();
    await staff.screenshot('staff-publications');
    expectNoProblems(staff);
    await staff.context.close();

    const home = await firstHtml('/');
    expect(home).toContain(TAGLINE);
    expect(await firstHtml('/cv')).toContain('Head of Quantitative Research');
    const research = await firstHtml('/research');
    expect(research).toContain('<math');
    expect(research).toContain('<mi>α</mi>');
    expect(research).toContain('Lévy jumps');
    expect(research).toContain('"@type":"ScholarlyArticle"');
    expect(research).toContain('href="https://arxiv.org/abs/2603.01234"');
    expect(research).toContain('href="https://doi.org/10.21314/JCF.2019.001"');

    const visitor = await openSession(shared.browser);
    await visitor.page.goto('/research');
    await appReady(visitor.page);
    await visitor.page.getByRole('heading', { name: 'Working papers' }).waitFor();
    await visitor.page.locator('summary', { hasText: 'Abstract' }).first().click();
    await visitor.page.getByText('surface.').waitFor();
    await visitor.screenshot('visitor-research');
    await visitor.page.setViewportSize({ width: 360, height: 800 });
    await visitor.page.reload();
    await appReady(visitor.page);
    await visitor.screenshot('visitor-research-phone');
    expectNoProblems(visitor);
    await visitor.context.close();
  });

  it('writes a news item that a visitor’s first HTML shows on the home page, and corrects it', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { screen: 'Manage news' });
    const { page } = staff;
    await page.getByRole('heading', { name: 'Add news' }).waitFor();
    await page.getByLabel('Date').fill('2026-11-20');
    await page.getByLabel('What happened').fill('Paper accepted at the Journal of Finance.');
    await page.getByLabel('Link (optional)').fill('https://doi.org/10.1111/jofi.2026');
    await page.getByRole('button', { name: 'Add news item' }).click();
    await page.getByText('News item added.').waitFor();
    await page.getByRole('cell', { name: 'Paper accepted at the Journal of Finance.' }).waitFor();
    await staff.screenshot('staff-news');

    let home = await firstHtml('/');
    expect(home).toContain('Paper accepted at the Journal of Finance.');
    expect(home).toMatch(/<time datetime="2026-11-20">20 Nov 2026<\/time>/i);

    await page.getByRole('button', { name: 'Edit the news item of 20 Nov 2026' }).click();
    await page.getByLabel('What happened').fill('Paper published in the Journal of Finance.');
    await page.getByRole('button', { name: 'Save news item' }).click();
    await page.getByText('News item saved.').waitFor();
    expectNoProblems(staff);
    await staff.context.close();

    home = await firstHtml('/');
    expect(home).toContain('Paper published in the Journal of Finance.');
    expect(home).not.toContain('Paper accepted at the Journal of Finance.');
    const visitor = await openSession(shared.browser, { width: 360, height: 800 });
    await visitor.page.goto('/');
    await appReady(visitor.page);
    await visitor.page.getByRole('link', { name: 'More about the news of 20 Nov 2026' }).waitFor();
    await visitor.screenshot('visitor-home-news-phone');
    expectNoProblems(visitor);
    await visitor.context.close();
  });
});
