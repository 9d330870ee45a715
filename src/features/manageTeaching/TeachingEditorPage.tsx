import { useId, useState } from 'react';

import type { Document } from '@/contract';
import { paths } from '@/contract/paths';
import type { TeachingCourse } from '@/contract/teaching';
import { TEACHING_LIMITS, TEACHING_ROLE_NAMES, TEACHING_ROLES } from '@/contract/teachingRules';
import { useGetDocumentsQuery } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { useGetTeachingQuery } from '@/lib/api/teachingApi';
import { useCreateTeachingCourseMutation, useDeleteTeachingCourseMutation, useUpdateTeachingCourseMutation } from '@/lib/api/teachingManageApi';
import { PathLink } from '@/lib/PathLink';
import {
  Alert,
  CheckboxField,
  FieldHint,
  Group,
  LoadingText,
  Muted,
  SelectField,
  StaffCollectionPage,
  TextAreaField,
  TextField,
  useStaffCollection,
} from '@/ui';

const today = () => new Date().toISOString().slice(0, 10);
const blank = () => ({ course: '', institution: '', term: '', start_date: today(), role: 'lecturer' as string, description: '', link: '' });
const fieldsOf = ({ course, institution, term, start_date, role, description, link }: TeachingCourse) => ({
  course,
  institution,
  term,
  start_date,
  role,
  description,
  link,
});
/** The fields whose messages the form shows, in the form's order. */
const FIELDS = ['course', 'institution', 'term', 'start_date', 'role', 'description', 'link', 'materials', 'detail'];
/** How a course is named in buttons and questions: its name and term. */
const nameOf = (course: TeachingCourse) => `the course ${course.course} (${course.term})`;

/** Documents of the library to tick as a course's materials; ticked ones are listed in the order they were ticked. */
function MaterialsPicker({
  documents,
  chosen,
  onChange,
}: {
  documents: { data?: Document[]; isLoading: boolean; isError: boolean; error?: unknown };
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  const hintId = useId();
  const toggle = (document: Document, on: boolean) => onChange(on ? [...chosen, document.id] : chosen.filter((id) => id !== document.id));
  return (
    <Group legend="Materials (optional)" aria-describedby={hintId}>
      <FieldHint id={hintId}>
        Documents from the <PathLink to={paths.documents}>documents library</PathLink> that visitors can download from the course, at most{' '}
        {TEACHING_LIMITS.materials}.
      </FieldHint>
      {documents.isLoading && <LoadingText>Loading documents...</LoadingText>}
      {documents.isError && <Alert tone="error">{failureMessage('Failed to load the documents.', documents.error)}</Alert>}
      {documents.data?.length === 0 && <Muted>No documents yet.</Muted>}
      {documents.data?.map((document) => (
        <CheckboxField
          key={document.id}
          label={document.name}
          checked={chosen.includes(document.id)}
          onChange={(event) => toggle(document, event.target.checked)}
        />
      ))}
    </Group>
  );
}

/** Staff list the courses they taught for the Teaching page: add, correct and delete. */
export function TeachingEditorPage() {
  const teaching = useGetTeachingQuery();
  const documents = useGetDocumentsQuery();
  const [materials, setMaterials] = useState<number[]>([]);
  const { bind, ...collection } = useStaffCollection({
    words: { item: 'course', items: 'courses', addHeading: 'Add a course', caption: 'Courses' },
    nameOf,
    blank,
    fieldsOf,
    // A document deleted from the library since the course was opened has no box to untick: it is left out.
    bodyOf: (fields) => {
      const known = documents.data && new Set(documents.data.map((document) => document.id));
      return { ...fields, materials: known ? materials.filter((id) => known.has(id)) : materials };
    },
    fieldNames: FIELDS,
    edits: { create: useCreateTeachingCourseMutation()[0], update: useUpdateTeachingCourseMutation()[0], remove: useDeleteTeachingCourseMutation()[0] },
    onOpen: (course) => setMaterials(course ? course.materials.map((material) => material.id) : []),
  });
  return (
    <StaffCollectionPage
      title="Teaching"
      intro={
        <>
          The courses the <PathLink to={paths.teaching}>Teaching</PathLink> page lists, newest first, grouped by academic year.
        </>
      }
      collection={collection}
      list={teaching}
      columns={[
        { label: 'Term', cell: (course) => course.term },
        {
          label: 'Course',
          cell: (course) => (
            <>
              {course.course}
              <br />
              <small>{course.institution}</small>
            </>
          ),
        },
        { label: 'Role', cell: (course) => TEACHING_ROLE_NAMES[course.role] },
        { label: 'Materials', cell: (course) => (course.materials.length > 0 ? course.materials.map((material) => material.name).join(', ') : '—') },
      ]}
    >
      <TextField label="Course" required maxLength={TEACHING_LIMITS.course} {...bind('course')} />
      <TextField label="Institution" required maxLength={TEACHING_LIMITS.institution} {...bind('institution')} />
      <TextField label="Term" required maxLength={TEACHING_LIMITS.term} hint="As the institution names it, such as “Autumn 2025”." {...bind('term')} />
      <TextField
        label="Start date"
        type="date"
        required
        hint="Orders the list and places the course in its academic year (August to July)."
        {...bind('start_date')}
      />
      <SelectField label="Role" options={TEACHING_ROLES.map((role) => [role, TEACHING_ROLE_NAMES[role]])} {...bind('role')} />
      <TextAreaField label="Description (optional)" rows={6} hint="Markdown, as in notes: paragraphs, lists, links and formulas." {...bind('description')} />
      <TextField label="Course page (optional)" type="url" inputMode="url" maxLength={TEACHING_LIMITS.link} placeholder="https://" {...bind('link')} />
      <MaterialsPicker documents={documents} chosen={materials} onChange={setMaterials} />
    </StaffCollectionPage>
  );
}
