import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { ContentSave, ContentVersion } from '@/contract/content';
import { CONTENT_MESSAGES } from '@/contract/contentRules';
import { MESSAGES } from '@/features/manageSiteContent/SiteContentPage';
import { LEAVE_QUESTION } from '@/lib/useUnsavedChangesGuard';

import { seedContent } from '../../../server/src/content/seed';
import { noNotes, server, url } from '../msw';
import { currentContent } from '../public/fixtures';
import { aStaffUser, aUser, renderApp, signedInAs } from '../render';

const history: ContentVersion[] = [
  {
    id: 2,
    saved_at: '2026-03-01T10:00:00.000Z',
    saved_by: 'owner@example.com',
    changed: ['Tagline', 'Typewriter phrases'],
    previous: 1,
    earlier: [
      { section: 'Tagline', value: 'The tagline before.' },
      { section: 'Typewriter phrases', value: 'Pricing\nHedging' },
    ],
  },
  { id: 1, saved_at: '2026-01-05T09:00:00.000Z', saved_by: 'first start', changed: [], previous: null, earlier: [] },
];

/** The editor's calls: the history, and saves answered as given (recorded). */
function serveEditor(
  answerSave: (body: ContentSave) => Response | Promise<Response> = (body) => HttpResponse.json(currentContent(body.content, body.version + 1)),
) {
  const saves: ContentSave[] = [];
  server.use(
    http.get(url('/api/site-content/versions/'), () => HttpResponse.json(history)),
    http.put(url('/api/site-content/'), async ({ request }) => {
      const body = (await request.json()) as ContentSave;
      saves.push(body);
      return answerSave(body);
    }),
    http.get(url('/api/photos/images/'), () => HttpResponse.json([])),
  );
  return saves;
}

const openEditor = async () => {
  const utils = renderApp({ route: '/site-content', preloadedState: signedInAs(aStaffUser()) });
  await screen.findByRole('form', { name: 'Site content' });
  return utils;
};
const owner = () => within(screen.getByRole('group', { name: 'Owner' }));
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

// The editor holds every field of the site's words (hundreds of inputs): typing into it takes seconds
// on a busy machine, which jest's default 5 s per test does not leave.
jest.setTimeout(20_000);
describe('site content editor', () => {
  it('shows the published words in the fields and saves an edit, which the home page then shows', async () => {
    const saves = serveEditor();
    const { router } = await openEditor();
    expect(owner().getByLabelText('Name')).toHaveValue(seedContent.name);
    const tagline = owner().getByLabelText('Tagline');
    await userEvent.clear(tagline);
    await userEvent.type(tagline, 'Models that know where they stop working.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await save();

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0].version).toBe(1);
    expect(saves[0].content).toEqual({ ...seedContent, tagline: 'Models that know where they stop working.' });
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: seedContent.name }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Models that know where they stop working.')).toBeInTheDocument();
  });

  it('names a blank or too long field beside it, and sends nothing', async () => {
    const saves = serveEditor();
    await openEditor();
    await userEvent.clear(owner().getByLabelText('Name'));
    const phrases = owner().getByLabelText('Typewriter phrases');
    await userEvent.type(phrases, `{Control>}a{/Control}Short{Enter}${'x'.repeat(61)}`);
    await save();
    expect(await screen.findByText(MESSAGES.problems)).toBeInTheDocument();
    expect(owner().getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining('This field may not be blank.'));
    expect(phrases).toHaveAccessibleDescription(expect.stringContaining('Phrase 2: Ensure this field has no more than 60 characters.'));
    expect(saves).toHaveLength(0);
  });

  it('holds each field to its limit, counting the characters of long text', async () => {
    serveEditor();
    await openEditor();
    expect(owner().getByLabelText('Name')).toHaveAttribute('maxlength', '80');
    expect(owner().getByLabelText('Tagline')).toHaveAttribute('maxlength', '300');
    expect(owner().getByLabelText('Tagline')).toHaveAccessibleDescription(`${seedContent.tagline.length} of 300 characters`);
    const experience = within(screen.getByRole('group', { name: 'Experience' }));
    expect(experience.getAllByLabelText('Period')[0]).toHaveAttribute('maxlength', '60');
    expect(screen.getByLabelText('Paragraph 1')).toHaveAttribute('maxlength', '2000');
  });

  it('shows the server’s field messages beside their fields, the photo’s too', async () => {
    serveEditor(() =>
      HttpResponse.json({ photo: [CONTENT_MESSAGES.photo], 'cv.experience.0.title': ['Ensure this field has no more than 150 characters.'] }, { status: 400 }),
    );
    await openEditor();
    await userEvent.type(owner().getByLabelText('Role'), ' and teacher');
    await save();
    expect(await screen.findByText(MESSAGES.problems)).toBeInTheDocument();
    const experience = within(screen.getByRole('group', { name: 'Experience' }));
    expect(experience.getAllByLabelText('Title')[0]).toHaveAccessibleDescription(expect.stringContaining('Ensure this field has no more than 150 characters.'));
    expect(owner().getByLabelText('Photo')).toHaveAccessibleDescription(expect.stringContaining(CONTENT_MESSAGES.photo));
  });

  it('keeps the edits when someone else saved first, bringing in their other changes and showing both texts where both changed', async () => {
    const stale = 'The site content was changed by someone else since you opened it. Reload to see their changes, then make yours again.';
    const theirs = { ...seedContent, role: 'Their role', about: ['Their about text.'] };
    const saves = serveEditor((body) =>
      body.version === 1 ? HttpResponse.json({ detail: stale }, { status: 409 }) : HttpResponse.json(currentContent(body.content, 3)),
    );
    server.use(http.get(url('/api/site-content/'), () => HttpResponse.json(currentContent(theirs, 2))));
    await openEditor();
    await userEvent.type(owner().getByLabelText('Role'), ' and teacher');
    await userEvent.clear(owner().getByLabelText('Tagline'));
    await userEvent.type(owner().getByLabelText('Tagline'), 'My new tagline.');
    await save();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.savedMeanwhile);
    expect(alert).toHaveTextContent(`${MESSAGES.takenIn} About text.`);
    expect(alert).not.toHaveTextContent(stale);
    // Nothing of the owner's is lost: both edits stay in the form, their About text joins them.
    expect(owner().getByLabelText('Role')).toHaveValue(`${seedContent.role} and teacher`);
    expect(owner().getByLabelText('Tagline')).toHaveValue('My new tagline.');
    expect(screen.getByLabelText('Paragraph 1')).toHaveValue('Their about text.');
    // The role both changed: both texts shown.
    const conflicts = within(screen.getByRole('region', { name: 'Changed by you and by someone else' }));
    expect(conflicts.getByRole('heading', { name: 'Role' })).toBeInTheDocument();
    expect(conflicts.getByText(`${seedContent.role} and teacher`)).toBeInTheDocument();
    expect(conflicts.getByText('Their role')).toBeInTheDocument();
    expect(conflicts.queryByRole('heading', { name: 'Tagline' })).not.toBeInTheDocument();

    await save();
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(saves.map((body) => body.version)).toEqual([1, 2]);
    expect(saves[1].content).toEqual({ ...theirs, role: `${seedContent.role} and teacher`, tagline: 'My new tagline.' });
    expect(screen.queryByRole('region', { name: 'Changed by you and by someone else' })).not.toBeInTheDocument();
  });

  it('takes the saved text of a section both changed at a click', async () => {
    const saves = serveEditor((body) =>
      body.version === 1 ? HttpResponse.json({ detail: 'Changed meanwhile.' }, { status: 409 }) : HttpResponse.json(currentContent(body.content, 3)),
    );
    server.use(http.get(url('/api/site-content/'), () => HttpResponse.json(currentContent({ ...seedContent, role: 'Their role' }, 2))));
    await openEditor();
    await userEvent.type(owner().getByLabelText('Role'), '!');
    await save();
    await userEvent.click(await screen.findByRole('button', { name: 'Use the saved text of Role' }));
    expect(owner().getByLabelText('Role')).toHaveValue('Their role');
    expect(screen.queryByRole('region', { name: 'Changed by you and by someone else' })).not.toBeInTheDocument();
    await save();
    expect(await screen.findByText(MESSAGES.unchanged)).toBeInTheDocument();
    expect(saves).toHaveLength(1);
  });

  it('says when the server cannot be reached', async () => {
    serveEditor(() => HttpResponse.error());
    await openEditor();
    await userEvent.type(owner().getByLabelText('Role'), '!');
    await save();
    expect(await screen.findByText(`${MESSAGES.saveFailed} Network error — please try again.`)).toBeInTheDocument();
    expect(owner().getByLabelText('Role')).toHaveValue(`${seedContent.role}!`);
  });

  it('shows in its history what each change replaced', async () => {
    serveEditor();
    await openEditor();
    const row = (await screen.findByRole('button', { name: /Revert the change of/ })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: /^Tagline, Typewriter phrases/ })).toBeInTheDocument();
    const tagline = within(row).getByText('The tagline before.');
    expect(tagline).not.toBeVisible();
    await userEvent.click(within(row).getByText('Earlier values'));
    expect(tagline).toBeVisible();
    expect(tagline.previousElementSibling).toHaveTextContent('Tagline');
    expect(within(row).getByText('Typewriter phrases').nextElementSibling?.textContent).toBe('Pricing\nHedging');
  });

  it('reorders, adds and removes CV entries', async () => {
    const saves = serveEditor();
    await openEditor();
    const experience = within(screen.getByRole('group', { name: 'Experience' }));
    const [first, second] = seedContent.cv.experience;
    await userEvent.click(experience.getByRole('button', { name: `Move down: ${first.title}` }));
    await userEvent.click(experience.getByRole('button', { name: `Remove ${seedContent.cv.experience[2].title}` }));
    await userEvent.click(experience.getByRole('button', { name: 'Add entry' }));
    const titles = experience.getAllByLabelText('Title');
    await userEvent.type(titles[2], 'Visiting Researcher');
    await userEvent.type(experience.getAllByLabelText('Place')[2], 'Imperial College London');
    await userEvent.type(experience.getAllByLabelText('Period')[2], '2026');
    await userEvent.type(experience.getAllByLabelText('Points')[2], 'Rough volatility.{Enter}{Enter}Teaching.');
    await save();
    await screen.findByText(MESSAGES.saved);
    expect(saves[0].content.cv.experience).toEqual([
      second,
      first,
      { title: 'Visiting Researcher', place: 'Imperial College London', period: '2026', points: ['Rough volatility.', 'Teaching.'] },
    ]);
  });

  it('previews unsaved words on the public pages, then returns to them in the editor', async () => {
    const saves = serveEditor();
    const { router } = await openEditor();
    await userEvent.type(owner().getByLabelText('Name'), ' PhD');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: `${seedContent.name} PhD` })).toBeInTheDocument();
    expect(screen.getByText('Preview of unsaved changes: visitors do not see them yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to editing' }));
    await screen.findByRole('form', { name: 'Site content' });
    expect(owner().getByLabelText('Name')).toHaveValue(`${seedContent.name} PhD`);
    expect(screen.queryByText('Preview of unsaved changes: visitors do not see them yet.')).not.toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('previews the page of the part being edited', async () => {
    serveEditor();
    server.use(http.get(url('/api/documents/documents/current_cv/'), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const { router } = await openEditor();
    await userEvent.type(screen.getByLabelText('Paragraph 1'), ' More.');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    await userEvent.click(await screen.findByRole('link', { name: 'Back to editing' }));
    await screen.findByRole('form', { name: 'Site content' });
    await userEvent.type(within(screen.getByRole('group', { name: 'Experience' })).getAllByLabelText('Place')[0], '!');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cv'));
  });

  it('reverts a change from the history in one click, once edits are saved or discarded', async () => {
    serveEditor();
    const restores: { id: string; version: number }[] = [];
    const earlier = { ...seedContent, tagline: 'The tagline before.' };
    server.use(
      http.post(url('/api/site-content/versions/:id/restore/'), async ({ params, request }) => {
        restores.push({ id: String(params.id), ...((await request.json()) as { version: number }) });
        return HttpResponse.json(currentContent(earlier, 3));
      }),
    );
    await openEditor();
    const revert = await screen.findByRole('button', { name: /Revert the change of/ });
    await userEvent.type(owner().getByLabelText('Role'), '!');
    expect(revert).toBeDisabled();
    expect(screen.getByText('Save or discard your edits to revert an earlier change.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(owner().getByLabelText('Role')).toHaveValue(seedContent.role);
    await userEvent.click(screen.getByRole('button', { name: /Revert the change of/ }));
    expect(await screen.findByText(MESSAGES.reverted)).toBeInTheDocument();
    expect(restores).toEqual([{ id: '1', version: 1 }]);
    expect(owner().getByLabelText('Tagline')).toHaveValue('The tagline before.');
  });

  it('asks before leaving unsaved edits, and not once they are saved', async () => {
    serveEditor();
    const { router } = await openEditor();
    const unload = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    await userEvent.type(owner().getByLabelText('Role'), '!');
    expect(unload()).toBe(false);
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
    expect(router.state.location.pathname).toBe('/site-content');
    await save();
    await screen.findByText(MESSAGES.saved);
    expect(unload()).toBe(true);
    confirm.mockRestore();
  });

  it('offers the site’s own pages that have content as On the Web card addresses', async () => {
    serveEditor();
    server.use(http.get(url('/api/notes/'), () => HttpResponse.json({ ...noNotes, total: 3 })));
    await openEditor();
    const cards = within(screen.getByRole('group', { name: 'Cards' }));
    const address = (await cards.findAllByRole('combobox', { name: /Address \(optional\)/ }))[0];
    await waitFor(() => expect(address).toHaveAccessibleDescription(/A page of this site works too, such as \/notes\./));
    const suggestions = document.getElementById(String(address.getAttribute('list')));
    expect([...(suggestions?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual(['/notes']);
  });

  it('is reachable from the dashboard and not shown to non-staff', async () => {
    serveEditor();
    server.use(http.get(url('/api/documents/downloads/'), () => HttpResponse.json({ weeks: [], documents: [] })));
    renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser()) });
    expect(await screen.findByRole('link', { name: 'Edit site content' })).toHaveAttribute('href', '/site-content');

    const { router } = renderApp({ route: '/site-content', preloadedState: signedInAs(aUser()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
