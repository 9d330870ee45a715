import { type FormEvent, useId, useRef, useState } from 'react';

import type { Document } from '@/contract';
import type { TeachingCourse } from '@/contract/teaching';
import { TEACHING_LIMITS, TEACHING_ROLE_NAMES, TEACHING_ROLES } from '@/contract/teachingRules';
import { useGetDocumentsQuery } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { useGetTeachingQuery } from '@/lib/api/teachingApi';
import { useCreateTeachingCourseMutation, useDeleteTeachingCourseMutation, useUpdateTeachingCourseMutation } from '@/lib/api/teachingManageApi';
import { PathLink } from '@/lib/PathLink';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import {
  Alert,
  Button,
  Card,
  CheckboxField,
  DeleteButton,
  FieldHint,
  FormAlert,
  type FormMessage,
  Group,
  LoadingText,
  Muted,
  Page,
  Row,
  SelectField,
  Stack,
  StaffIntro,
  Table,
  TextAreaField,
  TextField,
  useFields,
} from '@/ui';

const today = () => new Date().toISOString().slice(0, 10);
const blank = () => ({ course: '', institution: '', term: '', start_date: today(), role: 'lecturer' as string, description: '', link: '' });
/** The fields whose messages the form shows, in the form's order. */
const FIELDS = ['course', 'institution', 'term', 'start_date', 'role', 'description', 'link', 'materials', 'detail'];
const named = (course: TeachingCourse) => `${course.course} (${course.term})`;

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
  useDocumentTitle('Teaching');
  const teaching = useGetTeachingQuery();
  const [create] = useCreateTeachingCourseMutation();
  const [update] = useUpdateTeachingCourseMutation();
  const [remove] = useDeleteTeachingCourseMutation();
  const documents = useGetDocumentsQuery();
  const { fields, setFields, bind } = useFields(blank());
  const [materials, setMaterials] = useState<number[]>([]);
  const [editing, setEditing] = useState<TeachingCourse | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const formHeading = useId();
  const form = useRef<HTMLFormElement>(null);

  function startEditing(course: TeachingCourse) {
    setEditing(course);
    const { course: name, institution, term, start_date, role, description, link } = course;
    setFields({ course: name, institution, term, start_date, role, description, link });
    setMaterials(course.materials.map((material) => material.id));
    setMessage(null);
    // The form is above the list: take the keyboard there.
    form.current?.querySelector('input')?.focus();
  }

  function stopEditing() {
    setEditing(null);
    setFields(blank());
    setMaterials([]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setSending(true);
    try {
      // A document deleted from the library since the course was opened has no box to untick: it is left out.
      const known = documents.data && new Set(documents.data.map((document) => document.id));
      const body = { ...fields, materials: known ? materials.filter((id) => known.has(id)) : materials };
      if (editing) await update({ id: editing.id, ...body }).unwrap();
      else await create(body).unwrap();
      setMessage({ tone: 'success', text: editing ? 'Course saved.' : 'Course added.' });
      stopEditing();
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage(editing ? 'The course was not saved.' : 'The course was not added.', failure, FIELDS) });
    } finally {
      setSending(false);
    }
  }

  async function removeCourse(course: TeachingCourse) {
    if (!window.confirm(`Delete the course ${named(course)}?`)) return;
    setMessage(null);
    try {
      await remove(course.id).unwrap();
      if (editing?.id === course.id) stopEditing();
      setMessage({ tone: 'success', text: 'Course deleted.' });
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage('The course was not deleted.', failure) });
    }
  }

  return (
    <Page>
      <Stack>
        <StaffIntro title="Teaching">
          The courses the <PathLink to={paths.teaching}>Teaching</PathLink> page lists, newest first, grouped by academic year.
        </StaffIntro>
        <Card aria-labelledby={formHeading}>
          <h2 id={formHeading}>{editing ? 'Edit course' : 'Add a course'}</h2>
          <FormAlert message={message} />
          <form ref={form} onSubmit={submit} noValidate>
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
            <SelectField label="Role" {...bind('role')}>
              {TEACHING_ROLES.map((role) => (
                <option key={role} value={role}>
                  {TEACHING_ROLE_NAMES[role]}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              label="Description (optional)"
              rows={6}
              hint="Markdown, as in notes: paragraphs, lists, links and formulas."
              {...bind('description')}
            />
            <TextField label="Course page (optional)" type="url" inputMode="url" maxLength={TEACHING_LIMITS.link} placeholder="https://" {...bind('link')} />
            <MaterialsPicker documents={documents} chosen={materials} onChange={setMaterials} />
            <Row>
              <Button type="submit" disabled={sending}>
                {sending ? 'Saving...' : editing ? 'Save course' : 'Add course'}
              </Button>
              {editing && (
                <Button type="button" $variant="secondary" onClick={stopEditing}>
                  Cancel
                </Button>
              )}
            </Row>
          </form>
        </Card>
        <section aria-labelledby="teaching-list-heading">
          <h2 id="teaching-list-heading">All courses</h2>
          {teaching.isLoading && <LoadingText>Loading courses...</LoadingText>}
          {teaching.isError && <Alert tone="error">{failureMessage('Failed to load the courses.', teaching.error)}</Alert>}
          {teaching.data?.length === 0 && <Muted>No courses yet.</Muted>}
          {teaching.data && teaching.data.length > 0 && (
            <Table caption="Courses" columns={['Term', 'Course', 'Role', 'Materials', 'Actions']}>
              <tbody>
                {teaching.data.map((course) => (
                  <tr key={course.id}>
                    <td data-label="Term">{course.term}</td>
                    <td data-label="Course">
                      {course.course}
                      <br />
                      <small>{course.institution}</small>
                    </td>
                    <td data-label="Role">{TEACHING_ROLE_NAMES[course.role]}</td>
                    <td data-label="Materials">{course.materials.length > 0 ? course.materials.map((material) => material.name).join(', ') : '—'}</td>
                    <td data-label="Actions">
                      <Row>
                        <Button $variant="secondary" $size="sm" onClick={() => startEditing(course)}>
                          Edit<span className="visually-hidden"> the course {named(course)}</span>
                        </Button>
                        <DeleteButton name={`the course ${named(course)}`} onClick={() => void removeCourse(course)} />
                      </Row>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </section>
      </Stack>
    </Page>
  );
}
