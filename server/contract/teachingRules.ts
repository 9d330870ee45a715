/** The rules of teaching entries that the SPA checks too: plain values, so the SPA can import them without TypeBox. */

/** What the owner did in a course. */
export const TEACHING_ROLES = ['lecturer', 'teaching_assistant', 'guest_lecturer', 'course_designer'] as const;
export type TeachingRole = (typeof TEACHING_ROLES)[number];

export const TEACHING_ROLE_NAMES: Record<TeachingRole, string> = {
  lecturer: 'Lecturer',
  teaching_assistant: 'Teaching assistant',
  guest_lecturer: 'Guest lecturer',
  course_designer: 'Course designer',
};

export const TEACHING_LIMITS = {
  /** Characters of the course's name, the institution's and the term's. */
  course: 200,
  institution: 200,
  term: 60,
  link: 500,
  /** The description's size in UTF-8 bytes: a summary of the course, and a bound on rendering time. */
  descriptionBytes: 20_000,
  /** Documents attached to one course. */
  materials: 10,
} as const;

/**
 * The month an academic year starts in (August): a course starting in September 2025 or March 2026
 * belongs to 2025–26.
 */
export const ACADEMIC_YEAR_START_MONTH = 8;

export const TEACHING_MESSAGES = {
  courseRequired: 'Name the course.',
  courseTooLong: `Ensure the course name has no more than ${TEACHING_LIMITS.course} characters.`,
  institutionRequired: 'Name the institution.',
  institutionTooLong: `Ensure the institution has no more than ${TEACHING_LIMITS.institution} characters.`,
  termRequired: 'Enter the term, such as "Autumn 2025".',
  termTooLong: `Ensure the term has no more than ${TEACHING_LIMITS.term} characters.`,
  startDate: 'Enter the start date as YYYY-MM-DD.',
  role: 'Choose a role from the list.',
  descriptionTooLong: `The description is longer than ${TEACHING_LIMITS.descriptionBytes / 1000} KB: keep it to a summary and link to the rest.`,
  link: 'Enter a web address starting with https:// or http://, or leave it empty.',
  linkTooLong: `Ensure the link has no more than ${TEACHING_LIMITS.link} characters.`,
  tooManyMaterials: `Choose at most ${TEACHING_LIMITS.materials} documents.`,
  noDocument: 'A chosen document is no longer in the documents library: choose the materials again.',
} as const;

/** The academic year of a course starting on `date` (YYYY-MM-DD), e.g. "2025–26"; the date itself when it is not one. */
export function academicYearOf(date: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(date);
  if (!match) return date;
  const year = Number(match[1]);
  const start = Number(match[2]) >= ACADEMIC_YEAR_START_MONTH ? year : year - 1;
  return `${start}–${String((start + 1) % 100).padStart(2, '0')}`;
}
