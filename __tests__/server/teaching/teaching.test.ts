import type { DownloadStats } from '../../../server/contract/media';
import { TEACHING_LIMITS, TEACHING_MESSAGES, type TeachingCourse, type TeachingInput } from '../../../server/contract/teaching';
import { nowIso } from '../../../server/src/db/columns';
import { MESSAGES } from '../../../server/src/errors';
import { documentIn } from '../media/client';
import { collectionClient, describeStaffCollection, tooLong, type WrongValues } from '../staffCollection';
import { serverWithAccountsFor } from '../testServer';
import { courseInput as input } from './fixtures';

/** Each field's message and its wrong values, with their own message where they are refused with another. */
const wrongValues: WrongValues<TeachingInput> = {
  course: {
    message: TEACHING_MESSAGES.courseRequired,
    cases: [['an empty course', ' '], tooLong('a course name', TEACHING_LIMITS.course, TEACHING_MESSAGES.courseTooLong)],
  },
  institution: { message: TEACHING_MESSAGES.institutionRequired, cases: [['an empty institution', '']] },
  term: {
    message: TEACHING_MESSAGES.termRequired,
    cases: [['an empty term', ''], tooLong('a term', TEACHING_LIMITS.term, TEACHING_MESSAGES.termTooLong)],
  },
  start_date: {
    message: TEACHING_MESSAGES.startDate,
    cases: [
      ['a start date in another format', '06/10/2025'],
      ['an impossible start date', '2026-02-30'],
    ],
  },
  role: { message: TEACHING_MESSAGES.role, cases: [['a role not in the list', 'professor']] },
  link: {
    message: TEACHING_MESSAGES.link,
    cases: [
      ['a javascript: link', 'javascript:alert(1)'],
      ['a relative link', '/teaching'],
      ['a link that is too long', `https://example.org/${'a'.repeat(TEACHING_LIMITS.link)}`, TEACHING_MESSAGES.linkTooLong],
    ],
  },
  description: {
    message: TEACHING_MESSAGES.descriptionTooLong,
    cases: [
      ['a description over the limit in bytes', 'é'.repeat(TEACHING_LIMITS.descriptionBytes / 2 + 1)],
      ['a description with a picture not in the library', '\nIntro.\n\n![The smile](photo:999)', 'Line 4: There is no picture photo:999 in the photo library.'],
    ],
  },
  materials: {
    message: TEACHING_MESSAGES.noDocument,
    cases: [
      ['a material that is not in the documents library', [9999]],
      ['too many materials', Array.from({ length: TEACHING_LIMITS.materials + 1 }, (_, index) => index + 1), TEACHING_MESSAGES.tooManyMaterials],
    ],
  },
};

describeStaffCollection('teaching API', {
  url: '/api/teaching/',
  input,
  change: { term: 'Winter 2025' },
  same: { course: ' Stochastic Calculus for Finance ' },
  topic: 'Teaching',
  audit: { action: 'teaching', subject: (id) => `teaching ${id} (Stochastic Calculus for Finance)`, details: ['Autumn 2025', 'Changed term.', 'Winter 2025'] },
  wrongValues,
  severalWrong: { course: '', start_date: 'soon', role: '' },
});

describe('teaching API', () => {
  const { server, staff } = serverWithAccountsFor();
  const { post, patch, list, created } = collectionClient<TeachingInput, TeachingCourse>(server, staff, '/api/teaching/', input);
  const documentNamed = (name: string) => documentIn(server, staff, 'Teaching', name);
  const audit = async () =>
    (await server.db.selectFrom('audit_log').select(['action', 'subject', 'details']).where('action', 'like', 'teaching.%').orderBy('id').execute()).map(
      (row) => ({ ...row }),
    );

  it('answers an empty list on a fresh site', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/teaching/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists the newest first, by start date and then by when it was written, trimming what staff write', async () => {
    const older = await created({ term: 'Spring 2024', start_date: '2024-01-15' });
    const first = await created({ course: 'First', start_date: '2025-10-06' });
    const second = await created({ course: ' Second\n', institution: ' LSE ', term: ' Autumn 2025 ', role: 'guest_lecturer', link: ' https://lse.ac.uk/ ' });
    expect(await list()).toEqual([second, first, older]);
    expect(second).toEqual({
      id: expect.any(Number),
      course: 'Second',
      institution: 'LSE',
      term: 'Autumn 2025',
      start_date: '2025-10-06',
      role: 'guest_lecturer',
      description: '',
      description_html: '',
      link: 'https://lse.ac.uk/',
      materials: [],
      updated_at: expect.any(String),
    });
  });

  it('renders the description as notes are rendered, sanitised, with its headings under the course’s', async () => {
    const course = await created({
      description: [
        '# Week one',
        '',
        'Itô’s lemma, **with proofs**: $dX_t = \\mu\\,dt + \\sigma\\,dW_t$.',
        '',
        '<script>alert(1)</script><img src="x" onerror="alert(2)">',
        '',
        '[Reading list](javascript:alert(3)) and [the syllabus](https://example.org/syllabus).',
      ].join('\n'),
    });
    const html = course.description_html;
    expect(html).toContain('<h4');
    expect(html).not.toMatch(/<h[1-3][\s>]/);
    expect(html).toContain('<strong>with proofs</strong>');
    expect(html).toMatch(/<math[^>]*>/);
    expect(html).toContain('<a href="https://example.org/syllabus">the syllabus</a>');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(course.description).toContain('# Week one');
  });

  it('refuses what the schema does not describe, in the field-keyed shape', async () => {
    expect((await post({ ...input(), materials: ['one'] })).json()).toEqual({ materials: [MESSAGES.integer] });
    expect(await list()).toEqual([]);
  });

  it('attaches documents as materials, in the order chosen, which visitors download from the course alone', async () => {
    const slides = await documentNamed('Lecture slides');
    const problems = await documentNamed('Problem sheet 1');
    const privateNotes = await documentNamed('Private notes');
    const course = await created({ materials: [problems, slides, problems] });
    expect(course.materials).toEqual([
      { id: problems, name: 'Problem sheet 1', url: `/api/teaching/${course.id}/materials/${problems}/` },
      { id: slides, name: 'Lecture slides', url: `/api/teaching/${course.id}/materials/${slides}/` },
    ]);

    const download = await server.inject({ method: 'GET', url: course.materials[0].url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    // A document of the library that is not the course's material stays private.
    expect((await server.inject({ method: 'GET', url: `/api/teaching/${course.id}/materials/${privateNotes}/` })).statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: `/api/documents/documents/${privateNotes}/download/` })).statusCode).toBe(401);
    // A visitor's download counts for the document on the staff dashboard.
    const downloads = await server.inject({ method: 'GET', url: '/api/documents/downloads/', headers: staff });
    expect(downloads.json<DownloadStats>().documents).toEqual([expect.objectContaining({ id: problems, total: 1 })]);

    const reordered = await patch(course.id, input({ materials: [slides] }));
    expect(reordered.json<TeachingCourse>().materials.map((material) => material.id)).toEqual([slides]);
    expect((await server.inject({ method: 'GET', url: course.materials[0].url })).statusCode).toBe(404);
  });

  it('keeps a course whose material is deleted from the documents library, without it', async () => {
    const slides = await documentNamed('Lecture slides');
    const sheet = await documentNamed('Problem sheet');
    const course = await created({ materials: [slides, sheet] });
    expect((await list())[0].materials).toHaveLength(2);
    expect((await server.inject({ method: 'DELETE', url: `/api/documents/documents/${slides}/`, headers: staff })).statusCode).toBe(204);
    const [after] = await list();
    expect(after.id).toBe(course.id);
    expect(after.materials.map((material) => material.name)).toEqual(['Problem sheet']);
    // Saving the course as the staff screen last showed it names the gone document: a 400, not a 500.
    const stale = await patch(course.id, input({ materials: [slides, sheet] }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ materials: [TEACHING_MESSAGES.noDocument] });
  });

  it('names the materials among the fields an edit changed, in the audit trail', async () => {
    const slides = await documentNamed('Lecture slides');
    const existing = await created();
    await patch(existing.id, input({ term: 'Winter 2025', materials: [slides] }));
    expect(await audit()).toEqual([
      { action: 'teaching.created', subject: `teaching ${existing.id} (Stochastic Calculus for Finance)`, details: 'Autumn 2025' },
      { action: 'teaching.updated', subject: `teaching ${existing.id} (Stochastic Calculus for Finance)`, details: 'Changed term, materials.' },
    ]);
  });

  it('serves the list from its cache until a write changes it', async () => {
    const first = await created({ course: 'First' });
    expect(await list()).toEqual([first]);
    // A row the API did not write is announced by no one: the cached answer stands.
    const at = nowIso();
    await server.db
      .insertInto('teaching_courses')
      .values({
        course: 'Behind the cache',
        institution: 'UCL',
        term: 'Spring 2026',
        start_date: '2026-01-12',
        role: 'lecturer',
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect(await list()).toEqual([first]);
    await created({ course: 'Third', start_date: '2024-10-01' });
    expect((await list()).map((course) => course.course)).toEqual(['Behind the cache', 'First', 'Third']);
  });
});
