import { PROFILE_KINDS, type ProfileKind, type ProfileLink } from '@/contract/content';
import { CONTENT_LIMITS, type ContentProblems } from '@/contract/contentRules';
import { PROFILE_LABELS } from '@/contract/identity';

import { TextField } from './Field';
import { Group } from './Group';

const HINTS: Record<ProfileKind, string> = {
  linkedin: 'https://www.linkedin.com/in/…',
  scholar: 'https://scholar.google.com/…',
  github: 'https://github.com/…',
  ssrn: 'https://papers.ssrn.com/…',
  orcid: 'https://orcid.org/…',
  website: 'https://…',
};

/**
 * The owner's profiles on other sites, one address field per site (blank: none). The list keeps
 * the order of PROFILE_KINDS; problems are keyed by the list's index, as the checks answer them.
 */
export function ProfileLinksFields({
  profiles,
  problems,
  onChange,
}: {
  profiles: ProfileLink[];
  problems: ContentProblems;
  onChange: (profiles: ProfileLink[]) => void;
}) {
  const urlOf = (kind: ProfileKind) => profiles.find((profile) => profile.kind === kind)?.url ?? '';
  const set = (kind: ProfileKind, url: string) =>
    onChange(PROFILE_KINDS.map((each) => ({ kind: each, url: each === kind ? url : urlOf(each) })).filter((profile) => profile.url !== ''));
  return (
    <Group legend="Profile links">
      {PROFILE_KINDS.map((kind) => {
        const index = profiles.findIndex((profile) => profile.kind === kind);
        return (
          <TextField
            key={kind}
            label={PROFILE_LABELS[kind]}
            type="url"
            inputMode="url"
            hint={HINTS[kind]}
            maxLength={CONTENT_LIMITS.href}
            value={urlOf(kind)}
            error={index < 0 ? undefined : problems[`profiles.${index}.url`]?.[0]}
            onChange={(event) => set(kind, event.target.value)}
          />
        );
      })}
    </Group>
  );
}
