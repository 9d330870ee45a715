import type { CvEntry, LabelledItem, SiteContent, WebCard } from '@/contract/content';
import { CONTENT_LIMITS, type ContentProblems } from '@/contract/contentRules';
import { TextAreaField, TextField } from '@/ui';

import { Group, lineProblem, LinesField, ListEditor, problemAt } from './editing';

interface Props {
  content: SiteContent;
  problems: ContentProblems;
  onChange: (content: SiteContent) => void;
}

const emptyItem = (): LabelledItem => ({ label: '', value: '' });
const emptyEntry = (): CvEntry => ({ title: '', place: '', period: '', points: [] });
const emptyCard = (): WebCard => ({ title: '', description: '' });

/** Label, text and optional address: CV contact details, skills, languages and links. */
function ItemsEditor({
  legend,
  noun,
  path,
  items,
  problems,
  onChange,
}: {
  legend: string;
  noun: string;
  path: string;
  items: LabelledItem[];
  problems: ContentProblems;
  onChange: (items: LabelledItem[]) => void;
}) {
  return (
    <ListEditor
      legend={legend}
      noun={noun}
      items={items}
      onChange={onChange}
      make={emptyItem}
      nameOf={(item) => item.label}
      max={CONTENT_LIMITS.items}
      error={problemAt(problems, path)}
      render={(item, index, change) => (
        <>
          <TextField
            label="Label"
            value={item.label}
            error={problemAt(problems, `${path}.${index}.label`)}
            onChange={(e) => change({ ...item, label: e.target.value })}
          />
          <TextAreaField
            label="Text"
            value={item.value}
            error={problemAt(problems, `${path}.${index}.value`)}
            onChange={(e) => change({ ...item, value: e.target.value })}
          />
          <TextField
            label="Link (optional)"
            hint="https://… or mailto:…"
            value={item.href ?? ''}
            error={problemAt(problems, `${path}.${index}.href`)}
            onChange={(e) => change({ ...item, href: e.target.value })}
          />
        </>
      )}
    />
  );
}

function EntriesEditor({
  legend,
  path,
  entries,
  problems,
  onChange,
}: {
  legend: string;
  path: string;
  entries: CvEntry[];
  problems: ContentProblems;
  onChange: (entries: CvEntry[]) => void;
}) {
  return (
    <ListEditor
      legend={legend}
      noun="Entry"
      items={entries}
      onChange={onChange}
      make={emptyEntry}
      nameOf={(entry) => entry.title}
      max={CONTENT_LIMITS.entries}
      error={problemAt(problems, path)}
      render={(entry, index, change) => (
        <>
          <TextField
            label="Title"
            value={entry.title}
            error={problemAt(problems, `${path}.${index}.title`)}
            onChange={(e) => change({ ...entry, title: e.target.value })}
          />
          <TextField
            label="Place"
            value={entry.place}
            error={problemAt(problems, `${path}.${index}.place`)}
            onChange={(e) => change({ ...entry, place: e.target.value })}
          />
          <TextField
            label="Period"
            hint="e.g. 2021 – present"
            value={entry.period}
            error={problemAt(problems, `${path}.${index}.period`)}
            onChange={(e) => change({ ...entry, period: e.target.value })}
          />
          <LinesField
            label="Points"
            lines={entry.points}
            error={lineProblem(problems, `${path}.${index}.points`, 'Point')}
            onChange={(points) => change({ ...entry, points })}
          />
        </>
      )}
    />
  );
}

/** Every part of the site's words, grouped as the pages show them. */
export function ContentForm({ content, problems, onChange }: Props) {
  const set = <K extends keyof SiteContent>(key: K, value: SiteContent[K]) => onChange({ ...content, [key]: value });
  const setCv = <K extends keyof SiteContent['cv']>(key: K, value: SiteContent['cv'][K]) => onChange({ ...content, cv: { ...content.cv, [key]: value } });
  const text = (key: 'name' | 'role' | 'company_name' | 'email', label: string, hint?: string) => (
    <TextField label={label} hint={hint} value={content[key]} error={problemAt(problems, key)} onChange={(e) => set(key, e.target.value)} />
  );
  return (
    <>
      <h2 id="content-home">Home page</h2>
      <Group legend="Owner">
        {text('name', 'Name', 'Shown in the top bar, the browser tab and the home page heading.')}
        {text('role', 'Role')}
        {text('email', 'Email', 'The Get in touch and footer address.')}
        {text('company_name', 'Company name', 'Named at the foot of the page-not-found screen.')}
        <TextAreaField label="Tagline" value={content.tagline} error={problemAt(problems, 'tagline')} onChange={(e) => set('tagline', e.target.value)} />
        <LinesField
          label="Typewriter phrases"
          hint="One per line; the heading types them in turn."
          lines={content.typewriter_phrases}
          error={lineProblem(problems, 'typewriter_phrases', 'Phrase')}
          onChange={(phrases) => set('typewriter_phrases', phrases)}
        />
      </Group>
      {content.interests.map((interest, index) => {
        const path = `interests.${index}`;
        const change = (patch: Partial<typeof interest>) =>
          set(
            'interests',
            content.interests.map((current, at) => (at === index ? { ...current, ...patch } : current)),
          );
        return (
          <Group key={path} legend={`Interest section ${index + 1}`}>
            <TextField label="Title" value={interest.title} error={problemAt(problems, `${path}.title`)} onChange={(e) => change({ title: e.target.value })} />
            <TextAreaField
              label="Quote"
              value={interest.quote}
              error={problemAt(problems, `${path}.quote`)}
              onChange={(e) => change({ quote: e.target.value })}
            />
            <TextAreaField
              label="Source"
              value={interest.source}
              error={problemAt(problems, `${path}.source`)}
              onChange={(e) => change({ source: e.target.value })}
            />
            <TextAreaField
              label="Description"
              value={interest.description}
              error={problemAt(problems, `${path}.description`)}
              onChange={(e) => change({ description: e.target.value })}
            />
          </Group>
        );
      })}

      <h2 id="content-cv">CV</h2>
      <EntriesEditor
        legend="Experience"
        path="cv.experience"
        entries={content.cv.experience}
        problems={problems}
        onChange={(entries) => setCv('experience', entries)}
      />
      <EntriesEditor
        legend="Education"
        path="cv.education"
        entries={content.cv.education}
        problems={problems}
        onChange={(entries) => setCv('education', entries)}
      />
      <Group legend="Additional information">
        <LinesField
          label="Lines"
          lines={content.cv.additional}
          error={lineProblem(problems, 'cv.additional', 'Line')}
          onChange={(lines) => setCv('additional', lines)}
        />
      </Group>
      <ItemsEditor
        legend="Contact"
        noun="Detail"
        path="cv.contact"
        items={content.cv.contact}
        problems={problems}
        onChange={(items) => setCv('contact', items)}
      />
      <ItemsEditor legend="Skills" noun="Skill" path="cv.skills" items={content.cv.skills} problems={problems} onChange={(items) => setCv('skills', items)} />
      <ItemsEditor
        legend="Languages"
        noun="Language"
        path="cv.languages"
        items={content.cv.languages}
        problems={problems}
        onChange={(items) => setCv('languages', items)}
      />
      <Group legend="Nationality">
        <TextField
          label="Nationality"
          value={content.cv.nationality}
          error={problemAt(problems, 'cv.nationality')}
          onChange={(e) => setCv('nationality', e.target.value)}
        />
      </Group>
      <ItemsEditor legend="Links" noun="Link" path="cv.links" items={content.cv.links} problems={problems} onChange={(items) => setCv('links', items)} />

      <h2 id="content-web">On the Web</h2>
      <ListEditor
        legend="Cards"
        noun="Card"
        items={content.on_the_web}
        onChange={(cards) => set('on_the_web', cards)}
        make={emptyCard}
        nameOf={(card) => card.title}
        max={CONTENT_LIMITS.cards}
        error={problemAt(problems, 'on_the_web')}
        render={(card, index, change) => (
          <>
            <TextField
              label="Title"
              value={card.title}
              error={problemAt(problems, `on_the_web.${index}.title`)}
              onChange={(e) => change({ ...card, title: e.target.value })}
            />
            <TextAreaField
              label="Description"
              value={card.description}
              error={problemAt(problems, `on_the_web.${index}.description`)}
              onChange={(e) => change({ ...card, description: e.target.value })}
            />
            <TextField
              label="Address (optional)"
              hint="Without one, the card shows Coming Soon."
              value={card.href ?? ''}
              error={problemAt(problems, `on_the_web.${index}.href`)}
              onChange={(e) => change({ ...card, href: e.target.value })}
            />
          </>
        )}
      />

      <h2 id="content-about">About</h2>
      <ListEditor
        legend="Paragraphs"
        noun="Paragraph"
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
            error={problemAt(problems, `about.${index}`)}
            onChange={(e) => change(e.target.value)}
          />
        )}
      />
    </>
  );
}
