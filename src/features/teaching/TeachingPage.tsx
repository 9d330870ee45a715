import type { TeachingCourse } from '@/contract/teaching';
import { academicYearOf, TEACHING_ROLE_NAMES } from '@/contract/teachingRules';
import { useGetTeachingQuery } from '@/lib/api/teachingApi';
import { htmlFrom } from '@/lib/htmlFrom';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, Entry, EntryGroup, EntryLinks, EntryMeta, LoadingText, Muted, NoteProse, Page, Prose, ResearchSections } from '@/ui';

/** The courses by academic year, newest first: the list comes newest first, so each year's courses are together. */
function byAcademicYear(courses: TeachingCourse[]): [string, TeachingCourse[]][] {
  const years: [string, TeachingCourse[]][] = [];
  for (const course of courses) {
    const year = academicYearOf(course.start_date);
    const last = years[years.length - 1];
    if (last?.[0] === year) last[1].push(course);
    else years.push([year, [course]]);
  }
  return years;
}

function CourseEntry({ course }: { course: TeachingCourse }) {
  const titleId = `teaching-${course.id}`;
  return (
    <Entry aria-labelledby={titleId}>
      <h3 id={titleId}>{course.course}</h3>
      <EntryMeta>{`${TEACHING_ROLE_NAMES[course.role]} · ${course.institution} · ${course.term}`}</EntryMeta>
      {course.description_html && <NoteProse {...htmlFrom(course.description_html)} />}
      {(course.materials.length > 0 || course.link) && (
        <EntryLinks aria-label={`Materials of ${course.course}`}>
          {course.materials.map((material) => (
            <li key={material.id}>
              <a href={material.url} download>
                {material.name}
              </a>
            </li>
          ))}
          {course.link && (
            <li>
              <a href={course.link}>
                Course page<span className="visually-hidden"> of {course.course}</span>
              </a>
            </li>
          )}
        </EntryLinks>
      )}
    </Entry>
  );
}

/** The courses taught, grouped by academic year, newest first, with their descriptions and materials. */
export function TeachingPage() {
  useDocumentTitle('Teaching');
  const teaching = useGetTeachingQuery();
  const courses = teaching.data ?? [];
  return (
    <Page>
      <Prose>
        <h1>Teaching</h1>
        <ResearchSections />
        <Muted>Courses taught, newest first by academic year, with their materials to download.</Muted>
      </Prose>
      {teaching.isLoading && <LoadingText>Loading courses...</LoadingText>}
      {teaching.isError && <Alert tone="error">Failed to load the courses.</Alert>}
      {teaching.isSuccess && courses.length === 0 && <Muted>No courses are listed yet. Please check back soon.</Muted>}
      {byAcademicYear(courses).map(([year, entries]) => (
        <EntryGroup key={year} aria-labelledby={`teaching-year-${year}`}>
          <h2 id={`teaching-year-${year}`}>{year}</h2>
          {entries.map((course) => (
            <CourseEntry key={course.id} course={course} />
          ))}
        </EntryGroup>
      ))}
    </Page>
  );
}
