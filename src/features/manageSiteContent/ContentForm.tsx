import { type CvEntry, type LabelledItem, PROFILE_KINDS, type ProfileKind, type SiteContent, type WebCard } from '@/contract/content';
import { CONTENT_LIMITS, type ContentProblems } from '@/contract/contentRules';
import { PROFILE_LABELS } from '@/contract/identity';
import { useGetImagesQuery } from '@/lib/api/imagesApi';
import { ExampleMark, Group, ProfileLinksFields, SelectField, TextAreaField, TextField } from '@/ui';

import { lineProblem, LinesField, ListEditor, problemAt, textFieldsOf } from './editing';

interface Props {
  content: SiteContent;
  problems: ContentProblems;
  onChange: (content: SiteContent) => void;
  /** Pages of this site that have something to show, offered as card addresses. */
  sitePages?: string[];
  /** The sections still holding the example words the site started with (contentRules.ts names them). */
  example?: string[];
}

/** What a CV line or card can show from the owner's identity instead of its own text. */
const FROM_IDENTITY = [['email', 'Your email'] as const, ...PROFILE_KINDS.map((kind) => [kind, `Your ${PROFILE_LABELS[kind]} profile`] as const)];
const FROM_PROFILE = FROM_IDENTITY.filter(([value]) => value !== 'email');

/** A line or card showing the identity's email or profile (`from`), or, with '', its own text and address. */
const withFrom = <T extends { from?: string; href?: string }>(item: T, from: string): T => {
  const { from: _from, href, ...rest } = item;
  return (from ? { ...rest, from } : { ...rest, ...(href ? { href } : {}) }) as T;
};

/** The CV's lists of entries or labelled items, each with its own editor. */
type CvListKey = 'experience' | 'education' | 'contact' | 'skills' | 'languages' | 'links';

const SITE_PAGES_LIST = 'content-site-pages';

const emptyItem = (): LabelledItem => ({ label: '', value: '' });
const emptyEntry = (): CvEntry => ({ title: '', place: '', period: '', points: [] });
const emptyCard = (): WebCard => ({ title: '', description: '' });

/** An editor of one of the CV's lists, bound by ContentForm's `cvList` to that list of the content. */
interface CvListProps<T> {
  legend: string;
  path: string;
  items: T[];
  problems: ContentProblems;
  onChange: (items: T[]) => void;
  example: boolean;
}

/** Label, text and optional address: CV contact details, skills, languages and links. */
function ItemsEditor({ path, problems, ...list }: CvListProps<LabelledItem> & { noun: string }) {
  return (
    <ListEditor
      {...list}
      make={emptyItem}
      nameOf={(item) => item.label}
      max={CONTENT_LIMITS.items}
      error={problemAt(problems, path)}
      render={(item, index, change) => {
        const field = textFieldsOf(problems, `${path}.${index}`, item, change);
        return (
          <>
            <TextField label="Label" {...field('label', CONTENT_LIMITS.label)} />
            <SelectField
              label="Shows"
              hint="Your email or a profile comes from the owner's details, so it is written once."
              value={item.from ?? ''}
              options={FROM_IDENTITY}
              onChange={(event) => change(withFrom(item, event.target.value))}
            >
              <option value="">Its own text</option>
            </SelectField>
            {!item.from && (
              <>
                <TextAreaField label="Text" {...field('value', CONTENT_LIMITS.value)} />
                <TextField label="Link (optional)" hint="https://… or mailto:…" {...field('href', CONTENT_LIMITS.href)} />
              </>
            )}
          </>
        );
      }}
    />
  );
}

function EntriesEditor({ path, problems, ...list }: CvListProps<CvEntry>) {
  return (
    <ListEditor
      {...list}
      noun="Entry"
      make={emptyEntry}
      nameOf={(entry) => entry.title}
      max={CONTENT_LIMITS.entries}
      error={problemAt(problems, path)}
      render={(entry, index, change) => {
        const field = textFieldsOf(problems, `${path}.${index}`, entry, change);
        return (
          <>
            <TextField label="Title" {...field('title', CONTENT_LIMITS.entryTitle)} />
            <TextField label="Place" {...field('place', CONTENT_LIMITS.place)} />
            <TextField label="Period" hint="e.g. 2021 – present" {...field('period', CONTENT_LIMITS.period)} />
            <LinesField
              label="Points"
              lines={entry.points}
              error={lineProblem(problems, `${path}.${index}.points`, 'Point')}
              onChange={(points) => change({ ...entry, points })}
            />
          </>
        );
      }}
    />
  );
}

/** Every part of the site's words, grouped as the pages show them. */
export function ContentForm({ content, problems, onChange, sitePages = [], example = [] }: Props) {
  const isExample = (...sections: string[]) => sections.some((section) => example.includes(section));
  const images = useGetImagesQuery();
  const set = <K extends keyof SiteContent>(key: K, value: SiteContent[K]) => onChange({ ...content, [key]: value });
  const setCv = <K extends keyof SiteContent['cv']>(key: K, value: SiteContent['cv'][K]) => onChange({ ...content, cv: { ...content.cv, [key]: value } });
  const field = textFieldsOf(problems, '', content, onChange);
  const cvField = textFieldsOf(problems, 'cv', content.cv, (cv) => onChange({ ...content, cv }));
  // Each CV list's example marker is named for it: "CV experience", "CV contact"…
  const cvList = <K extends CvListKey>(key: K) => ({
    path: `cv.${key}`,
    items: content.cv[key],
    example: isExample(`CV ${key}`),
    problems,
    onChange: (items: SiteContent['cv'][K]) => setCv(key, items),
  });
  return (
    <>
      <h2 id="content-home">Home page</h2>
      <Group legend="Owner">
        {isExample('Name', 'Role', 'Email', 'Company name', 'Tagline', 'Typewriter phrases') && <ExampleMark />}
        <TextField label="Name" hint="Shown in the top bar, the browser tab and the home page heading." {...field('name', CONTENT_LIMITS.name)} />
        <TextField label="Role" {...field('role', CONTENT_LIMITS.role)} />
        <TextField label="Email" hint="The Get in touch and footer address." {...field('email', CONTENT_LIMITS.email)} />
        <TextField
          label="Company name (optional)"
          hint="Named at the foot of the page-not-found screen; without one, your name is."
          {...field('company_name', CONTENT_LIMITS.companyName)}
        />
        <TextAreaField label="Tagline" {...field('tagline', CONTENT_LIMITS.tagline)} />
        <LinesField
          label="Typewriter phrases"
          hint="One per line; the heading types them in turn."
          lines={content.typewriter_phrases}
          error={lineProblem(problems, 'typewriter_phrases', 'Phrase')}
          onChange={(phrases) => set('typewriter_phrases', phrases)}
        />
        <SelectField
          label="Photo"
          hint="A picture of the photo library, shown in link previews of the site."
          error={problemAt(problems, 'photo')}
          value={content.photo ?? ''}
          options={(images.data ?? []).map((image) => [image.id, image.title || `Picture ${image.id}`] as const)}
          onChange={(event) => set('photo', event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">None</option>
        </SelectField>
      </Group>
      {isExample('Profile links') && <ExampleMark />}
      <ProfileLinksFields profiles={content.profiles} problems={problems} onChange={(profiles) => set('profiles', profiles)} />
      {content.interests.map((interest, index) => {
        const path = `interests.${index}`;
        const interestField = textFieldsOf(problems, path, interest, (next) =>
          set(
            'interests',
            content.interests.map((current, at) => (at === index ? next : current)),
          ),
        );
        return (
          <Group key={path} legend={`Interest section ${index + 1}`}>
            {isExample('Interest sections') && <ExampleMark />}
            <TextField label="Title" {...interestField('title', CONTENT_LIMITS.interestTitle)} />
            <TextAreaField label="Quote" {...interestField('quote', CONTENT_LIMITS.quote)} />
            <TextAreaField label="Source" {...interestField('source', CONTENT_LIMITS.source)} />
            <TextAreaField label="Description" {...interestField('description', CONTENT_LIMITS.interestDescription)} />
          </Group>
        );
      })}

      <h2 id="content-cv">CV</h2>
      <EntriesEditor legend="Experience" {...cvList('experience')} />
      <EntriesEditor legend="Education" {...cvList('education')} />
      <Group legend="Additional information">
        {isExample('CV additional information') && <ExampleMark />}
        <LinesField
          label="Lines"
          lines={content.cv.additional}
          error={lineProblem(problems, 'cv.additional', 'Line')}
          onChange={(lines) => setCv('additional', lines)}
        />
      </Group>
      <ItemsEditor legend="Contact" noun="Detail" {...cvList('contact')} />
      <ItemsEditor legend="Skills" noun="Skill" {...cvList('skills')} />
      <ItemsEditor legend="Languages" noun="Language" {...cvList('languages')} />
      <Group legend="Nationality">
        {isExample('CV nationality') && <ExampleMark />}
        <TextField label="Nationality" {...cvField('nationality', CONTENT_LIMITS.label)} />
      </Group>
      <ItemsEditor legend="Links" noun="Link" {...cvList('links')} />

      <h2 id="content-web">On the Web</h2>
      <datalist id={SITE_PAGES_LIST}>
        {sitePages.map((page) => (
          <option key={page} value={page} />
        ))}
      </datalist>
      <ListEditor
        legend="Cards"
        noun="Card"
        example={isExample('On the Web cards')}
        items={content.on_the_web}
        onChange={(cards) => set('on_the_web', cards)}
        make={emptyCard}
        nameOf={(card) => card.title}
        max={CONTENT_LIMITS.cards}
        error={problemAt(problems, 'on_the_web')}
        render={(card, index, change) => {
          const cardField = textFieldsOf(problems, `on_the_web.${index}`, card, change);
          return (
            <>
              <TextField label="Title" {...cardField('title', CONTENT_LIMITS.cardTitle)} />
              <TextAreaField label="Description" {...cardField('description', CONTENT_LIMITS.cardDescription)} />
              <SelectField
                label="Leads to"
                value={card.from ?? ''}
                options={FROM_PROFILE}
                onChange={(event) => change(withFrom(card, event.target.value as ProfileKind | ''))}
              >
                <option value="">An address of its own</option>
              </SelectField>
              {!card.from && (
                <TextField
                  label="Address (optional)"
                  hint={`Without one, the card shows Coming Soon. A page of this site works too${sitePages.length ? `, such as ${sitePages.join(' or ')}` : ''}.`}
                  list={sitePages.length ? SITE_PAGES_LIST : undefined}
                  {...cardField('href', CONTENT_LIMITS.href)}
                />
              )}
            </>
          );
        }}
      />

      <h2 id="content-about">About</h2>
      <ListEditor
        legend="Paragraphs"
        noun="Paragraph"
        example={isExample('About text')}
        items={content.about}
        onChange={(paragraphs) => set('about', paragraphs)}
        make={() => ''}
        nameOf={(_paragraph, index) => `paragraph ${index + 1}`}
        max={CONTENT_LIMITS.paragraphs}
        error={problemAt(problems, 'about')}
        render={(paragraph, index, change) => (
          <TextAreaField
            label={`Paragraph ${index + 1}`}
            value={paragraph}
            maxLength={CONTENT_LIMITS.paragraph}
            error={problemAt(problems, `about.${index}`)}
            onChange={(e) => change(e.target.value)}
          />
        )}
      />
    </>
  );
}
