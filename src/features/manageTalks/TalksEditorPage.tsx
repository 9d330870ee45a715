import { formatCalendarDate } from '@/contract/dates';
import { paths } from '@/contract/paths';
import { TALK_LIMITS, TALK_TYPE_NAMES, TALK_TYPES } from '@/contract/talkRules';
import type { Talk, TalkInput } from '@/contract/talks';
import { useGetDocumentsQuery } from '@/lib/api/documentsApi';
import { useGetPublicationsQuery } from '@/lib/api/publicationsApi';
import { useGetTalksQuery } from '@/lib/api/talksApi';
import { useCreateTalkMutation, useDeleteTalkMutation, useUpdateTalkMutation } from '@/lib/api/talksManageApi';
import { PathLink } from '@/lib/PathLink';
import { SelectField, StaffCollectionPage, TextAreaField, TextField, useStaffCollection } from '@/ui';

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
  const talks = useGetTalksQuery();
  const documents = useGetDocumentsQuery();
  const publications = useGetPublicationsQuery();
  const { bind, ...collection } = useStaffCollection({
    words: { item: 'talk', items: 'talks', addHeading: 'Add a talk', caption: 'Talks' },
    nameOf,
    blank,
    fieldsOf,
    bodyOf: inputOf,
    fieldNames: FIELDS,
    edits: { create: useCreateTalkMutation()[0], update: useUpdateTalkMutation()[0], remove: useDeleteTalkMutation()[0] },
  });
  return (
    <StaffCollectionPage
      title="Talks"
      intro={
        <>
          The talks of the <PathLink to={paths.talks}>Talks page</PathLink>: upcoming ones first, then past ones by year, each with its abstract and links.
        </>
      }
      collection={collection}
      list={talks}
      columns={[
        { label: 'Date', cell: (talk) => <time dateTime={talk.date}>{formatCalendarDate(talk.date)}</time> },
        { label: 'Talk', cell: (talk) => [talk.title, talk.event].filter(Boolean).join(' — ') },
        { label: 'Type', cell: (talk) => TALK_TYPE_NAMES[talk.type] },
      ]}
    >
      <TextField label="Title" required maxLength={TALK_LIMITS.title} {...bind('title')} />
      <SelectField label="Type" options={TALK_TYPES.map((type) => [type, TALK_TYPE_NAMES[type]])} {...bind('type')} />
      <TextField label="Date" type="date" required {...bind('date')} />
      <TextField label="Event (optional)" maxLength={TALK_LIMITS.event} hint="The conference, seminar series or course." {...bind('event')} />
      <TextField label="Place (optional)" maxLength={TALK_LIMITS.place} hint="A city or an institution." {...bind('place')} />
      <TextAreaField label="Abstract (optional)" rows={6} hint="Markdown, with mathematics between dollar signs, as in notes." {...bind('abstract')} />
      <SelectField
        label="Slides (optional)"
        hint={documents.isError ? 'The documents could not be loaded.' : 'A document from the documents library; visitors can download it.'}
        options={documents.data?.map((document) => [document.id, document.category_name ? `${document.name} (${document.category_name})` : document.name])}
        {...bind('slides')}
      >
        <option value="">None</option>
      </SelectField>
      <TextField label="Video (optional)" type="url" inputMode="url" maxLength={TALK_LIMITS.video} placeholder="https://" {...bind('video')} />
      <SelectField
        label="Related paper (optional)"
        hint={publications.isError ? 'The publications could not be loaded.' : undefined}
        options={publications.data?.map((publication) => [
          publication.id,
          publication.year ? `${publication.title_text} (${publication.year})` : publication.title_text,
        ])}
        {...bind('paper')}
      >
        <option value="">None</option>
      </SelectField>
    </StaffCollectionPage>
  );
}
