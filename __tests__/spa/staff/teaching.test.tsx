import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { TeachingCourse, TeachingInput } from '@/contract/teaching';
import { TEACHING_MESSAGES } from '@/contract/teachingRules';

import { server, url } from '../msw';
import { aCourse, aMaterial } from '../public/fixtures';
import { renderAsStaff } from '../render';
import { deleteAfterAsking, deletionRefused, editAbove, jsonBody, serveAddition, serveItemChanges, serveWrite } from '../writes';
import { aDocument } from './fixtures';

/** A backend holding courses, newest first, as the server lists them, and the documents library. */
function serveTeaching(initial: TeachingCourse[]) {
  const backend = { courses: [...initial] };
  server.use(
    http.get(url('/api/teaching/'), () => HttpResponse.json(backend.courses)),
    http.get(url('/api/documents/documents/'), () =>
      HttpResponse.json([
        aDocument({ id: 11, name: 'Lecture slides' }),
        aDocument({ id: 12, name: 'Problem sheet 1' }),
        aDocument({ id: 13, name: 'Exam 2024' }),
      ]),
    ),
  );
  return backend;
}

const stochastic = aCourse({
  course: 'Stochastic Calculus',
  description: 'Itô calculus.',
  description_html: '<p>Itô calculus.</p>',
  // The old exam was deleted from the library while the screen was open: the library no longer lists it.
  materials: [aMaterial(1, 12, 'Problem sheet 1'), aMaterial(1, 99, 'Old exam')],
});

const asCourse = (id: number, body: TeachingInput): TeachingCourse => ({
  id,
  ...body,
  role: body.role as TeachingCourse['role'],
  description_html: body.description ? `<p>${body.description}</p>` : '',
  materials: body.materials.map((material) => aMaterial(id, material, `Document ${material}`)),
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('teaching (staff)', () => {
  it('adds a course: sends every field and the ticked materials in the order ticked, says so, and lists it', async () => {
    const backend = serveTeaching([]);
    const sent = serveAddition('/api/teaching/', backend.courses, (body) => asCourse(7, body as TeachingInput));
    const { user } = renderAsStaff('/manage-teaching');
    expect(await screen.findByText('No courses yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Course$/), 'Machine Learning in Finance');
    await user.type(screen.getByLabelText(/^Institution/), 'LSE');
    await user.type(screen.getByLabelText(/^Term/), 'Spring 2026');
    const start = screen.getByLabelText(/^Start date/);
    await user.clear(start);
    await user.type(start, '2026-01-12');
    await user.selectOptions(screen.getByLabelText(/^Role/), 'Guest lecturer');
    await user.type(screen.getByLabelText(/^Description/), 'Trees and boosting.');
    await user.type(screen.getByLabelText(/^Course page/), 'https://lse.ac.uk/ml');
    const materials = screen.getByRole('group', { name: 'Materials (optional)' });
    await user.click(await within(materials).findByRole('checkbox', { name: 'Problem sheet 1' }));
    await user.click(within(materials).getByRole('checkbox', { name: 'Lecture slides' }));
    await user.click(within(materials).getByRole('checkbox', { name: 'Exam 2024' }));
    await user.click(within(materials).getByRole('checkbox', { name: 'Exam 2024' }));
    await user.click(screen.getByRole('button', { name: 'Add course' }));

    expect(await screen.findByText('Course added.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        course: 'Machine Learning in Finance',
        institution: 'LSE',
        term: 'Spring 2026',
        start_date: '2026-01-12',
        role: 'guest_lecturer',
        description: 'Trees and boosting.',
        link: 'https://lse.ac.uk/ml',
        materials: [12, 11],
      },
    ]);
    expect(await screen.findByRole('cell', { name: 'Spring 2026' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Course$/)).toHaveValue('');
    expect(within(materials).getByRole('checkbox', { name: 'Problem sheet 1' })).not.toBeChecked();
  });

  it('says what the server refused and keeps what was typed', async () => {
    serveTeaching([]);
    serveWrite('post', '/api/teaching/', jsonBody, () => HttpResponse.json({ materials: [TEACHING_MESSAGES.noDocument] }, { status: 400 }));
    const { user } = renderAsStaff('/manage-teaching');
    await screen.findByText('No courses yet.');
    await user.type(screen.getByLabelText(/^Course$/), 'Econometrics');
    await user.click(screen.getByRole('button', { name: 'Add course' }));
    expect(await screen.findByText(`The course was not added. ${TEACHING_MESSAGES.noDocument}`)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Course$/)).toHaveValue('Econometrics');
  });

  it('edits a course in the form above the list, leaving out materials gone from the library, and deletes one after asking', async () => {
    const backend = serveTeaching([stochastic]);
    const { sent, deleted } = serveItemChanges('/api/teaching/1/', backend.courses, (body) => asCourse(1, body as TeachingInput));
    const { user } = renderAsStaff('/manage-teaching');
    const course = await editAbove(user, 'Edit the course Stochastic Calculus (Autumn 2025)', 'Edit course', /^Course$/);
    expect(await screen.findByRole('checkbox', { name: 'Problem sheet 1' })).toBeChecked();
    await user.clear(course);
    await user.type(course, 'Stochastic Calculus I');
    await user.click(screen.getByRole('checkbox', { name: 'Lecture slides' }));
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Course saved.')).toBeInTheDocument();
    // Every field as the course had it but the name; of the materials, the one still in the library, then the one ticked.
    const { id: _id, description_html: _html, updated_at: _at, ...unchanged } = stochastic;
    expect(sent).toEqual([{ ...unchanged, course: 'Stochastic Calculus I', materials: [12, 11] }]);
    expect(screen.getByRole('heading', { name: 'Add a course' })).toBeInTheDocument();

    await deleteAfterAsking(user, deleted, 'Delete the course Stochastic Calculus I (Autumn 2025)', 'Course deleted.');
    expect(await screen.findByText('No courses yet.')).toBeInTheDocument();
  });

  it('says when the courses cannot be loaded, and when a deletion fails, keeping the course', async () => {
    serveTeaching([]);
    server.use(http.get(url('/api/teaching/'), () => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 })));
    const first = renderAsStaff('/manage-teaching');
    expect(await screen.findByText('Failed to load the courses. Down for maintenance.')).toBeInTheDocument();
    first.unmount();

    serveTeaching([stochastic]);
    const { user } = renderAsStaff('/manage-teaching');
    await deletionRefused(user, '/api/teaching/1/', 'Delete the course Stochastic Calculus (Autumn 2025)', 'The course was not deleted. Not found.');
    expect(screen.getByRole('cell', { name: 'Autumn 2025' })).toBeInTheDocument();
  });

  it('is reached from the dashboard', async () => {
    serveTeaching([]);
    server.use(http.get(url('/api/documents/downloads/'), () => HttpResponse.json({ weeks: [], documents: [] })));
    const { user } = renderAsStaff('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Manage teaching' }));
    expect(await screen.findByRole('heading', { name: 'Teaching', level: 1 })).toBeInTheDocument();
  });
});
