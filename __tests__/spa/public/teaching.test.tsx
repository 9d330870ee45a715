import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';

import type { TeachingCourse } from '@/contract/teaching';

import { serveList } from '../msw';
import { headingTexts, openAsVisitor } from '../render';
import { aCourse } from './fixtures';

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
        materials: [
          { id: 8, name: 'Slides: gradient boosting', url: '/api/teaching/3/materials/8/' },
          { id: 9, name: 'Problem sheet', url: '/api/teaching/3/materials/9/' },
        ],
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
    const materials = within(ml).getByRole('list', { name: 'Materials of Machine Learning in Finance' });
    expect(within(materials).getByRole('link', { name: 'Slides: gradient boosting' })).toHaveAttribute('href', '/api/teaching/3/materials/8/');
    expect(within(materials).getByRole('link', { name: 'Problem sheet' })).toHaveAttribute('href', '/api/teaching/3/materials/9/');
    expect(within(materials).getByRole('link', { name: 'Course page of Machine Learning in Finance' })).toHaveAttribute(
      'href',
      'https://example.org/ml-finance',
    );

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
