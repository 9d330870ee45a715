import styled from 'styled-components';

import type { NoteInput, NoteStatus } from '@/contract/notes';
import { theme } from '@/lib/theme/themes';
import { Group, TextField } from '@/ui';

import { localTimeZone } from './localTime';

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[5]};
  margin-bottom: ${theme.space[3]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: 32px;
  }
  input {
    width: 18px;
    height: 18px;
    accent-color: ${theme.colors.accent};
  }
`;

type Publish = NoteInput['publish'];

/** The choices' words: a published note is already out, so "now" keeps it there and "draft" takes it off the site. */
function choices(status: NoteStatus | undefined): [Publish, string][] {
  const published = status === 'published';
  return [
    ['draft', published ? 'Draft (take it off the site)' : 'Draft'],
    ['now', published ? 'Published' : 'Publish now'],
    ['schedule', 'Schedule'],
  ];
}

/** Keep as a draft, publish now, or publish at a time the owner gives in their own time zone. */
export function PublishFields({
  status,
  publish,
  publishAt,
  onPublish,
  onPublishAt,
  error,
}: {
  status: NoteStatus | undefined;
  publish: Publish;
  publishAt: string;
  onPublish: (publish: Publish) => void;
  onPublishAt: (value: string) => void;
  error?: string;
}) {
  return (
    <Group legend="Publishing">
      <Choices>
        {choices(status).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="publish" value={value} checked={publish === value} onChange={() => onPublish(value)} />
            {label}
          </label>
        ))}
      </Choices>
      {publish === 'schedule' && (
        <TextField
          label="Publish at"
          type="datetime-local"
          value={publishAt}
          onChange={(event) => onPublishAt(event.target.value)}
          hint={`Your local time (${localTimeZone()}). The site publishes the note then, by itself.`}
          error={error}
        />
      )}
    </Group>
  );
}
