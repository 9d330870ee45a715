import { type FormEvent, useId, useRef, useState } from 'react';

import { TALK_LIMITS, TALK_TYPE_NAMES, TALK_TYPES } from '@/contract/talkRules';
import type { Talk, TalkInput } from '@/contract/talks';
import { useGetDocumentsQuery } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { useGetPublicationsQuery } from '@/lib/api/publicationsApi';
import { useGetTalksQuery } from '@/lib/api/talksApi';
import { useCreateTalkMutation, useDeleteTalkMutation, useUpdateTalkMutation } from '@/lib/api/talksManageApi';
import { formatCalendarDate } from '@/lib/dates';
import { PathLink } from '@/lib/PathLink';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import {
  Alert,
  Button,
  Card,
  DeleteButton,
  FormAlert,
  type FormMessage,
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
/** The form's fields as the inputs hold them: the slides and the paper by id, '' for none. */
const blank = () => ({ title: '', type: 'invited', date: today(), event: '', place: '', abstract: '', slides: '', video: '', paper: '' });
type Fields = ReturnType<typeof blank>;

const fieldsOf = (talk: Talk): Fields => ({
  title: talk.title,
  type: talk.type,
  date: talk.date,
  event: talk.event,
  place: talk.place,
  abstract: talk.abstract,
  slides: talk.slides === null ? '' : String(talk.slides),
  video: talk.video,
  paper: talk.paper === null ? '' : String(talk.paper),
});

const inputOf = (fields: Fields): TalkInput => ({
  ...fields,
  slides: fields.slides ? Number(fields.slides) : null,
  paper: fields.paper ? Number(fields.paper) : null,
});

/** Every field the server may refuse, in the form's order: the first message is shown. */
const FIELDS = ['title', 'type', 'date', 'event', 'place', 'abstract', 'slides', 'video', 'paper', 'detail'];

/** How a talk is named in buttons and questions: its title and date. */
const nameOf = (talk: Talk) => `the talk "${talk.title}" of ${formatCalendarDate(talk.date)}`;

/** Staff list the talks of the Talks page: add, correct and delete, with slides from the documents and a related paper. */
export function TalksEditorPage() {
  useDocumentTitle('Talks');
  const talks = useGetTalksQuery();
  const documents = useGetDocumentsQuery();
  const publications = useGetPublicationsQuery();
  const [create] = useCreateTalkMutation();
  const [update] = useUpdateTalkMutation();
  const [remove] = useDeleteTalkMutation();
  const { fields, setFields, bind } = useFields(blank());
  const [editing, setEditing] = useState<Talk | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const formHeading = useId();
  const form = useRef<HTMLFormElement>(null);

  function startEditing(talk: Talk) {
    setEditing(talk);
    setFields(fieldsOf(talk));
    setMessage(null);
    // The form is above the list: take the keyboard there.
    form.current?.querySelector('input')?.focus();
  }

  function stopEditing() {
    setEditing(null);
    setFields(blank());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setSending(true);
    try {
      if (editing) await update({ id: editing.id, ...inputOf(fields) }).unwrap();
      else await create(inputOf(fields)).unwrap();
      setMessage({ tone: 'success', text: editing ? 'Talk saved.' : 'Talk added.' });
      stopEditing();
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage(editing ? 'The talk was not saved.' : 'The talk was not added.', failure, FIELDS) });
    } finally {
      setSending(false);
    }
  }

  async function removeTalk(talk: Talk) {
    if (!window.confirm(`Delete ${nameOf(talk)}?`)) return;
    setMessage(null);
    try {
      await remove(talk.id).unwrap();
      if (editing?.id === talk.id) stopEditing();
      setMessage({ tone: 'success', text: 'Talk deleted.' });
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage('The talk was not deleted.', failure) });
    }
  }

  return (
    <Page>
      <Stack>
        <StaffIntro title="Talks">
          The talks of the <PathLink to={paths.talks}>Talks page</PathLink>: upcoming ones first, then past ones by year, each with its abstract and links.
        </StaffIntro>
        <Card aria-labelledby={formHeading}>
          <h2 id={formHeading}>{editing ? 'Edit talk' : 'Add a talk'}</h2>
          <FormAlert message={message} />
          <form ref={form} onSubmit={submit} noValidate>
            <TextField label="Title" required maxLength={TALK_LIMITS.title} {...bind('title')} />
            <SelectField label="Type" {...bind('type')}>
              {TALK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TALK_TYPE_NAMES[type]}
                </option>
              ))}
            </SelectField>
            <TextField label="Date" type="date" required {...bind('date')} />
            <TextField label="Event (optional)" maxLength={TALK_LIMITS.event} hint="The conference, seminar series or course." {...bind('event')} />
            <TextField label="Place (optional)" maxLength={TALK_LIMITS.place} hint="A city or an institution." {...bind('place')} />
            <TextAreaField label="Abstract (optional)" rows={6} hint="Markdown, with mathematics between dollar signs, as in notes." {...bind('abstract')} />
            <SelectField
              label="Slides (optional)"
              hint={documents.isError ? 'The documents could not be loaded.' : 'A document from the documents library; visitors can download it.'}
              {...bind('slides')}
            >
              <option value="">None</option>
              {documents.data?.map((document) => (
                <option key={document.id} value={document.id}>
                  {document.name}
                  {document.category_name ? ` (${document.category_name})` : ''}
                </option>
              ))}
            </SelectField>
            <TextField label="Video (optional)" type="url" inputMode="url" maxLength={TALK_LIMITS.video} placeholder="https://" {...bind('video')} />
            <SelectField label="Related paper (optional)" hint={publications.isError ? 'The publications could not be loaded.' : undefined} {...bind('paper')}>
              <option value="">None</option>
              {publications.data?.map((publication) => (
                <option key={publication.id} value={publication.id}>
                  {publication.title_text}
                  {publication.year ? ` (${publication.year})` : ''}
                </option>
              ))}
            </SelectField>
            <Row>
              <Button type="submit" disabled={sending}>
                {sending ? 'Saving...' : editing ? 'Save talk' : 'Add talk'}
              </Button>
              {editing && (
                <Button type="button" $variant="secondary" onClick={stopEditing}>
                  Cancel
                </Button>
              )}
            </Row>
          </form>
        </Card>
        <section aria-labelledby="talks-list-heading">
          <h2 id="talks-list-heading">All talks</h2>
          {talks.isLoading && <LoadingText>Loading talks...</LoadingText>}
          {talks.isError && <Alert tone="error">{failureMessage('Failed to load the talks.', talks.error)}</Alert>}
          {talks.data?.length === 0 && <Muted>No talks yet.</Muted>}
          {talks.data && talks.data.length > 0 && (
            <Table caption="Talks" columns={['Date', 'Talk', 'Type', 'Actions']}>
              <tbody>
                {talks.data.map((talk) => (
                  <tr key={talk.id}>
                    <td data-label="Date">
                      <time dateTime={talk.date}>{formatCalendarDate(talk.date)}</time>
                    </td>
                    <td data-label="Talk">{[talk.title, talk.event].filter(Boolean).join(' — ')}</td>
                    <td data-label="Type">{TALK_TYPE_NAMES[talk.type]}</td>
                    <td data-label="Actions">
                      <Row>
                        <Button $variant="secondary" $size="sm" onClick={() => startEditing(talk)}>
                          Edit<span className="visually-hidden"> {nameOf(talk)}</span>
                        </Button>
                        <DeleteButton name={nameOf(talk)} onClick={() => void removeTalk(talk)} />
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
