import styled from 'styled-components';

import type { TeachingCourse } from '@/contract/teaching';
import { academicYearOf, TEACHING_ROLE_NAMES } from '@/contract/teachingRules';
import { useGetTeachingQuery } from '@/lib/api/teachingApi';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, LoadingText, Muted, NoteProse, Page, Prose } from '@/ui';

const Year = styled.section`
  margin-top: ${theme.space[7]};
  max-width: ${theme.maxWidth.text};
  h2 {
    padding-bottom: ${theme.space[2]};
    border-bottom: 1px solid ${theme.colors.border};
  }
`;
const Entry = styled.article`
  padding: ${theme.space[4]} 0;
  border-bottom: 1px solid ${theme.colors.border};
  h3 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.fontSizes.md};
    line-height: 1.4;
  }
`;
const Meta = styled.p`
  margin: 0 0 ${theme.space[3]};
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;
const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: ${theme.space[2]} 0 0;
  padding: 0;
  list-style: none;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  a {
    display: inline-block;
    padding: ${theme.space[1]} 0;
    overflow-wrap: anywhere;
  }
`;

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
      <Meta>{`${TEACHING_ROLE_NAMES[course.role]} · ${course.institution} · ${course.term}`}</Meta>
      {course.description_html && <NoteProse dangerouslySetInnerHTML={{ __html: course.description_html }} />}
      {(course.materials.length > 0 || course.link) && (
        <Links aria-label={`Materials of ${course.course}`}>
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
        </Links>
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
        <Muted>Courses taught, newest first by academic year, with their materials to download.</Muted>
      </Prose>
      {teaching.isLoading && <LoadingText>Loading courses...</LoadingText>}
      {teaching.isError && <Alert tone="error">Failed to load the courses.</Alert>}
      {teaching.isSuccess && courses.length === 0 && <Muted>No courses are listed yet. Please check back soon.</Muted>}
      {byAcademicYear(courses).map(([year, entries]) => (
        <Year key={year} aria-labelledby={`teaching-year-${year}`}>
          <h2 id={`teaching-year-${year}`}>{year}</h2>
          {entries.map((course) => (
            <CourseEntry key={course.id} course={course} />
          ))}
        </Year>
      ))}
    </Page>
  );
}
