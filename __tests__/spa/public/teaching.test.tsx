import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';

import type { TeachingCourse } from '@/contract/teaching';

import { serveList } from '../msw';
import { expectLinks, headingTexts, openAsVisitor } from '../render';
import { aCourse, aMaterial } from './fixtures';

const serveTeaching = (courses: TeachingCourse[] | (() => Response)) => serveList('/api/teaching/', courses);
const openTeaching = () => openAsVisitor('/teaching', 'Teaching');

describe('the Teaching page', () => {
  it('groups the courses by academic year, newest first, with their role, description, materials and course page', async () => {
    serveTeaching([
      aCourse({
        id: 3,
        course: 'Machine Learning in Finance',
        term: 'Spring 2026',
        start_date: '2026-01-12',
        role: 'guest_lecturer',
        link: 'https://example.org/ml-finance',
        materials: [aMaterial(3, 8, 'Slides: gradient boosting'), aMaterial(3, 9, 'Problem sheet')],
      }),
      aCourse({ id: 2 }),
      aCourse({ id: 1, course: 'Numerical Methods', term: 'Spring 2025', start_date: '2025-02-03', role: 'teaching_assistant', description_html: '' }),
    ]);
    await openTeaching();

    const years = await screen.findAllByRole('heading', { level: 2 });
    expect(years.map((heading) => heading.textContent)).toEqual(['2025–26', '2024–25']);
    const thisYear = screen.getByRole('region', { name: '2025–26' });
    expect(headingTexts(3, thisYear)).toEqual(['Machine Learning in Finance', 'Stochastic Calculus for Finance']);

    const ml = within(thisYear).getByRole('article', { name: 'Machine Learning in Finance' });
    expect(within(ml).getByText('Guest lecturer · Imperial College London · Spring 2026')).toBeInTheDocument();
    expectLinks(within(ml).getByRole('list', { name: 'Materials of Machine Learning in Finance' }), {
      'Slides: gradient boosting': '/api/teaching/3/materials/8/',
      'Problem sheet': '/api/teaching/3/materials/9/',
      'Course page of Machine Learning in Finance': 'https://example.org/ml-finance',
    });

    const stochastic = within(thisYear).getByRole('article', { name: 'Stochastic Calculus for Finance' });
    expect(within(stochastic).getByText('worked examples').tagName).toBe('STRONG');
    expect(within(stochastic).queryByRole('list')).not.toBeInTheDocument();

    const lastYear = screen.getByRole('region', { name: '2024–25' });
    expect(within(lastYear).getByText('Teaching assistant · Imperial College London · Spring 2025')).toBeInTheDocument();
    expect(document.title).toMatch(/^Teaching \| /);
  });

  it('says kindly that nothing is listed yet on a fresh site', async () => {
    serveTeaching([]);
    await openTeaching();
    expect(await screen.findByText('No courses are listed yet. Please check back soon.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the courses cannot be loaded', async () => {
    serveTeaching(() => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 }));
    await openTeaching();
    expect(await screen.findByText('Failed to load the courses.')).toBeInTheDocument();
  });
});
