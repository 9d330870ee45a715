import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import type { ContentVersion, CurrentContent, SiteContent } from '@/contract/content';
import { type ContentProblems, contentProblems, tidyContent, withSection } from '@/contract/contentRules';
import { paths } from '@/contract/paths';
import { failureMessage, fieldProblems } from '@/lib/api/errors';
import { useGetNotesQuery } from '@/lib/api/notesApi';
import { useGetPublicationsQuery } from '@/lib/api/publicationsApi';
import { useGetSiteContentQuery, useLazyGetSiteContentQuery } from '@/lib/api/siteContentApi';
import { useRestoreContentVersionMutation, useSaveSiteContentMutation } from '@/lib/api/siteContentManageApi';
import { previewEnded, previewStarted, selectDraft } from '@/lib/content/previewSlice';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useUnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { ActionBar, Alert, Button, FormAlert, type FormMessage, HiddenOnPhones, LoadingText, Muted, Page } from '@/ui';

import { Conflicts } from './Conflicts';
import { ContentForm } from './ContentForm';
import { ContentHistory } from './ContentHistory';
import { type Conflict, mergeEdits } from './mergeEdits';

export const MESSAGES = {
  saved: 'Site content saved. Visitors see the change now.',
  unchanged: 'Nothing to save: the content is as published.',
  reverted: 'Change reverted. Visitors see the earlier content again.',
  problems: 'Some fields need correcting; see the messages beside them.',
  saveFailed: 'Failed to save the site content.',
  savedMeanwhile:
    'Not saved: someone else saved the site content since you opened it. Your edits are still in the form, with their changes to the parts you did not touch. Check, then save again.',
  takenIn: 'Their changes now in the form:',
  revertFailed: 'Failed to revert the change.',
  loadFailed: 'Failed to load the site content.',
} as const;

/** The long form's parts, to jump between. */
const SECTIONS = [
  ['content-home', 'Home page'],
  ['content-cv', 'CV'],
  ['content-web', 'On the Web'],
  ['content-about', 'About'],
  ['content-history', 'History'],
] as const;

/** The public page that shows each part of the form. */
const PAGE_OF_SECTION: Record<string, string> = {
  'content-home': paths.home,
  'content-cv': paths.cv,
  'content-web': paths.onTheWeb,
  'content-about': paths.about,
};

/** The page a field's words appear on: that of the last part's heading before it (the buttons below the form name none). */
function pageOfField(target: EventTarget): string | undefined {
  if (!(target instanceof HTMLElement) || !target.matches('input, textarea, select')) return undefined;
  const headings = [...(target.closest('form')?.querySelectorAll('h2[id]') ?? [])];
  const heading = headings.filter((candidate) => candidate.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING).pop();
  return heading && PAGE_OF_SECTION[heading.id];
}

const Sections = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: ${theme.space[3]} 0 ${theme.space[5]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

const same = (a: SiteContent, b: SiteContent) => JSON.stringify(tidyContent(a)) === JSON.stringify(tidyContent(b));

/** A 400 of field messages, shown beside the fields (anything else is one sentence). */

/** The site's own pages that have something to show: what an On the Web card can point at. */
function useSitePagesWithContent(): string[] {
  const publications = useGetPublicationsQuery();
  const notes = useGetNotesQuery();
  return [...(publications.data?.length ? [paths.research] : []), ...(notes.data?.total ? [paths.notes] : [])];
}

function Editor({ published, startFrom }: { published: CurrentContent; startFrom: SiteContent }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [save, saving] = useSaveSiteContentMutation();
  const [restore, restoring] = useRestoreContentVersionMutation();
  const [draft, setDraft] = useState(startFrom);
  const [base, setBase] = useState(published);
  // Remounts the form after a revert or discard, so its text boxes show the new content.
  const [formKey, setFormKey] = useState(0);
  const [problems, setProblems] = useState<ContentProblems>({});
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [fetchNewest] = useLazyGetSiteContentQuery();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const dirty = !same(draft, base.content);
  useUnsavedChangesGuard(dirty);
  const sitePages = useSitePagesWithContent();

  // The preview's draft is back in the editor; the pages show the published words again.
  useEffect(() => {
    dispatch(previewEnded());
  }, [dispatch]);

  const showInForm = (content: SiteContent) => {
    setDraft(content);
    setFormKey((key) => key + 1);
  };

  const replaceWith = (current: CurrentContent) => {
    setBase(current);
    showInForm(current.content);
    setProblems({});
    setConflicts([]);
  };

  /**
   * Someone else saved since the editor opened the content: their save comes into the form around
   * the editor's edits, and the next save starts from it, so that it replaces nothing unseen and
   * neither change is lost.
   */
  const onSavedMeanwhile = async (yours: SiteContent) => {
    try {
      const newest = await fetchNewest().unwrap();
      const merged = mergeEdits(base.content, yours, newest.content);
      setBase(newest);
      showInForm(merged.content);
      setConflicts(merged.conflicts);
      const takenIn = merged.takenIn.length > 0 ? [`${MESSAGES.takenIn} ${merged.takenIn.join(', ')}.`] : [];
      setMessage({ tone: 'error', text: [MESSAGES.savedMeanwhile, ...takenIn] });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(MESSAGES.saveFailed, error) });
    }
  };

  const takeSaved = (section: string) => {
    showInForm(withSection(draft, section, base.content));
    setConflicts((current) => current.filter((conflict) => conflict.section !== section));
  };

  const onSave = async () => {
    const content = tidyContent(draft);
    const found = contentProblems(content);
    setProblems(found);
    if (Object.keys(found).length > 0) return setMessage({ tone: 'error', text: MESSAGES.problems });
    if (!dirty) return setMessage({ tone: 'info', text: MESSAGES.unchanged });
    try {
      const saved = await save({ version: base.version, content }).unwrap();
      setBase(saved);
      setConflicts([]);
      setMessage({ tone: 'success', text: MESSAGES.saved });
    } catch (error) {
      const problems = fieldProblems<ContentProblems>(error);
      if ((error as { status?: unknown }).status === 409) await onSavedMeanwhile(content);
      else if (problems) {
        setProblems(problems);
        setMessage({ tone: 'error', text: MESSAGES.problems });
      } else setMessage({ tone: 'error', text: failureMessage(MESSAGES.saveFailed, error) });
    }
  };

  const onRevert = async (change: ContentVersion) => {
    if (change.previous === null) return;
    try {
      replaceWith(await restore({ id: change.previous, version: base.version }).unwrap());
      setMessage({ tone: 'success', text: MESSAGES.reverted });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(MESSAGES.revertFailed, error) });
    }
  };

  // The public page of the part of the form last edited: the preview opens it.
  const previewPage = useRef<string>(paths.home);
  const onPreview = () => {
    dispatch(previewStarted(tidyContent(draft)));
    navigate(previewPage.current);
  };

  return (
    <>
      <FormAlert message={message} onDismiss={() => setMessage(null)} />
      <Conflicts conflicts={conflicts} onUseSaved={takeSaved} />
      <form
        aria-label="Site content"
        noValidate
        onFocus={(event) => {
          previewPage.current = pageOfField(event.target) ?? previewPage.current;
        }}
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <ContentForm key={formKey} content={draft} problems={problems} onChange={setDraft} sitePages={sitePages} example={base.example} />
        <ActionBar>
          {/* One short row on phones: there the labels' second words are left out of sight; the names keep them (a span holds each label together). */}
          <Button type="submit" disabled={saving.isLoading} aria-label={saving.isLoading ? undefined : 'Save changes'}>
            {saving.isLoading ? (
              'Saving...'
            ) : (
              <span>
                Save<HiddenOnPhones> changes</HiddenOnPhones>
              </span>
            )}
          </Button>
          <Button $variant="secondary" onClick={onPreview}>
            Preview
          </Button>
          <Button $variant="ghost" disabled={!dirty} onClick={() => replaceWith(base)} aria-label="Discard changes">
            <span>
              Discard<HiddenOnPhones> changes</HiddenOnPhones>
            </span>
          </Button>
          {dirty && <Muted>Unsaved changes</Muted>}
        </ActionBar>
      </form>
      <h2 id="content-history">History</h2>
      <ContentHistory onRevert={(change) => void onRevert(change)} blocked={dirty} reverting={restoring.isLoading} />
    </>
  );
}

/** Staff screen to edit the site's words: home page, CV, On the Web and About. */
export function SiteContentPage() {
  useDocumentTitle('Site content');
  const current = useGetSiteContentQuery();
  const previewDraft = useSelector(selectDraft);
  return (
    <Page>
      <h1>Site content</h1>
      <Muted>The words of the public pages. Preview shows your edits on the pages themselves before anyone else sees them.</Muted>
      <Sections aria-label="Parts of the site content">
        {SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </Sections>
      {current.isLoading && <LoadingText>Loading site content...</LoadingText>}
      {current.isError && <Alert tone="error">{failureMessage(MESSAGES.loadFailed, current.error)}</Alert>}
      {current.data && <Editor published={current.data} startFrom={previewDraft ?? current.data.content} />}
    </Page>
  );
}
