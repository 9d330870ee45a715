import type { TeachingCourse, TeachingInput } from '../../../server/contract/teaching';
import { documentIn } from '../media/client';
import { collectionPageServer, PAGE_PUBLIC_URL } from '../staffCollection';
import { servedPage } from '../testServer';
import { courseInput } from './fixtures';

describe('the Teaching page, server-rendered', () => {
  const { server, staff, get, created, patch } = collectionPageServer<TeachingInput, TeachingCourse>('/api/teaching/', courseInput);

  it('says kindly that nothing is listed yet on a fresh site', async () => {
    const page = await servedPage(server, '/teaching', 'Teaching');
    expect(page).toContain('No courses are listed yet. Please check back soon.');
  });

  it('shows the courses in its first HTML, by academic year, and again after each change', async () => {
    const sheet = await documentIn(server, staff, 'Teaching', 'Problem sheet 1');
    const course = await created({ description: 'Itô calculus with **worked examples**.', materials: [sheet] });
    await created({ course: 'Numerical Methods', term: 'Spring 2025', start_date: '2025-02-03', role: 'teaching_assistant' });

    const page = (await get('/teaching')).body;
    expect(page).toMatch(/<h2[^>]*>2025–26<\/h2>.*Stochastic Calculus for Finance.*<h2[^>]*>2024–25<\/h2>.*Numerical Methods/s);
    expect(page).toContain('Lecturer · Imperial College London · Autumn 2025');
    expect(page).toContain('<strong>worked examples</strong>');
    expect(page).toContain(`href="/api/teaching/${course.id}/materials/${sheet}/"`);
    expect(page).not.toContain('No courses are listed yet');

    expect((await patch(course.id, courseInput({ course: 'Stochastic Calculus II' }))).statusCode).toBe(200);
    expect((await get('/teaching')).body).toContain('Stochastic Calculus II');

    // The page shows the documents' names: deleting one takes it off the page.
    expect((await server.inject({ method: 'DELETE', url: `/api/documents/documents/${sheet}/`, headers: staff })).statusCode).toBe(204);
    const after = (await get('/teaching')).body;
    expect(after).not.toContain('Problem sheet 1');
    expect(after).toContain('Stochastic Calculus II');
  });

  it('is listed in the sitemap, and its staff screen kept from search engines', async () => {
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${PAGE_PUBLIC_URL}/teaching</loc>`);
    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain('Disallow: /manage-teaching\n');
    expect(robots).not.toContain('Disallow: /teaching');
  });
});
