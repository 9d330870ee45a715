import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { ContentSave, CurrentContent } from '@/contract/content';
import type { SetupInput } from '@/contract/setup';
import { SETUP_MESSAGES } from '@/contract/setupRules';

import { seedContent } from '../../../server/src/content/seed';
import { server, url } from '../msw';
import { currentContent } from '../public/fixtures';
import { aStaffUser, fakeJwt, renderApp, signedInAs } from '../render';

const SETUP = '/api/setup/';

/**
 * A site its owner has not set up, asked about by its owner (or, not `allowed`, by other staff); what
 * the setup screen sends is kept, and answered as the server would.
 */
function notSetUp(answer?: (input: SetupInput) => Response, allowed = true) {
  const sent: SetupInput[] = [];
  let needed = true;
  server.use(
    http.get(url(SETUP), () => HttpResponse.json({ needed, allowed })),
    http.post(url(SETUP), async ({ request }) => {
      const input = (await request.json()) as SetupInput;
      sent.push(input);
      if (answer) return answer(input);
      needed = false;
      const { start: _start, ...identity } = input;
      return HttpResponse.json(currentContent({ ...seedContent, ...identity, company_name: '' }, 2, ['About text']));
    }),
  );
  return sent;
}

async function openSetup() {
  const rendered = renderApp({ route: '/setup', preloadedState: signedInAs(aStaffUser()) });
  await screen.findByRole('heading', { level: 1, name: 'Set up your site' }, { timeout: 3000 });
  return rendered;
}

const form = () => within(screen.getByRole('form', { name: 'Site setup' }));

/** The owner fillIdentity types in, under the names the setup sends: their words, then their profiles' addresses. */
const owner = { name: 'Ada Byron', role: 'Quantitative Analyst', email: 'ada@example.org', tagline: 'Numbers that hold up.' };
const linkedIn = 'https://www.linkedin.com/in/ada/';
const scholar = 'https://scholar.google.com/citations?user=ADA';

async function fillIdentity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(form().getByRole('textbox', { name: 'Name' }), owner.name);
  await user.type(form().getByRole('textbox', { name: 'Title' }), owner.role);
  await user.type(form().getByRole('textbox', { name: 'Email' }), owner.email);
  await user.type(form().getByRole('textbox', { name: 'Tagline' }), owner.tagline);
  await user.type(form().getByRole('textbox', { name: 'LinkedIn' }), linkedIn);
  await user.type(form().getByRole('textbox', { name: 'Google Scholar' }), scholar);
}

beforeEach(() => {
  window.sessionStorage.clear();
  // The home page's banner and the dashboard's downloads.
  server.use(
    http.get(url('/api/documents/downloads/'), () => HttpResponse.json({ weeks: [], documents: [] })),
    http.get(url('/api/site-content/'), () => HttpResponse.json(currentContent())),
  );
});

describe('owner setup', () => {
  // First: the sign-in of the next test is remembered for the rest of this file's page.
  it('leaves a page loaded already signed in where it is, and the dashboard offers the setup', async () => {
    notSetUp();
    const { router } = renderApp({ route: '/dashboard', preloadedState: signedInAs(aStaffUser()) });
    const offer = await screen.findByRole('region', { name: 'Set up your site' }, { timeout: 3000 });
    expect(within(offer).getByRole('link', { name: 'Set up your site' })).toHaveAttribute('href', '/setup');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('is where the first staff sign-in of a site not set up lands', async () => {
    notSetUp();
    const user = userEvent.setup();
    server.use(
      http.post(url('/api/users/login/'), () => HttpResponse.json({ access: fakeJwt(600), refresh: 'refresh-1', user: aStaffUser({ first_name: 'Ada' }) })),
    );
    const { router } = renderApp({ route: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 3000 });
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your site' })).toBeInTheDocument();

    // Left for later, it is not forced again this visit; the dashboard offers it.
    await user.click(form().getByRole('link', { name: 'Later' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const offer = await screen.findByRole('region', { name: 'Set up your site' });
    expect(within(offer).getByRole('link', { name: 'Set up your site' })).toHaveAttribute('href', '/setup');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('is neither offered to other staff than the owner nor where their sign-in lands', async () => {
    notSetUp(undefined, false);
    const user = userEvent.setup();
    server.use(http.post(url('/api/users/login/'), () => HttpResponse.json({ access: fakeJwt(600), refresh: 'refresh-1', user: aStaffUser() })));
    const signIn = renderApp({ route: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 3000 });
    await user.type(screen.getByLabelText('Email'), 'grace@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    await waitFor(() => expect(signIn.router.state.location.pathname).not.toBe('/login'));
    await user.click((await screen.findAllByRole('link', { name: 'Dashboard' }))[0]);
    await screen.findByRole('heading', { level: 1, name: /^Welcome/ }, { timeout: 3000 });
    expect(signIn.router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('region', { name: 'Set up your site' })).not.toBeInTheDocument();
    signIn.unmount();

    // Reached by its address, the screen says whose it is, with no form.
    renderApp({ route: '/setup', preloadedState: signedInAs(aStaffUser()) });
    expect(await screen.findByText(SETUP_MESSAGES.ownerOnly, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Site setup' })).not.toBeInTheDocument();
  });

  it('sends who the owner is and the choice of start, then shows the dashboard with what is still example', async () => {
    const sent = notSetUp();
    const user = userEvent.setup();
    const { router } = await openSetup();
    expect(form().getByRole('radio', { name: /Keep the example to edit/ })).toBeChecked();
    await fillIdentity(user);
    await user.click(form().getByRole('radio', { name: /Start empty/ }));
    await user.click(form().getByRole('button', { name: 'Set up the site' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const profiles = [
      { kind: 'linkedin', url: linkedIn },
      { kind: 'scholar', url: scholar },
    ];
    expect(sent).toEqual([{ ...owner, photo: null, profiles, start: 'empty' }]);
    expect(await screen.findByRole('status')).toHaveTextContent(SETUP_MESSAGES.saved);
    const example = screen.getByRole('region', { name: 'Example content' });
    expect(within(example).getByRole('listitem')).toHaveTextContent('About text');
    // The saved words are the site's at once: the top bar names the owner.
    expect(screen.getByRole('banner')).toHaveTextContent(owner.name);
  });

  it('uploads the photo to the photo library first and sends its id', async () => {
    const sent = notSetUp();
    const uploads: FormData[] = [];
    server.use(
      http.post(url('/api/photos/images/'), async ({ request }) => {
        uploads.push(await request.formData());
        return HttpResponse.json({ id: 41, title: 'Ada Byron - photo' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await openSetup();
    await fillIdentity(user);
    await user.upload(form().getByLabelText('Photo (optional)'), new File(['jpeg'], 'ada.jpg', { type: 'image/jpeg' }));
    await user.click(form().getByRole('button', { name: 'Set up the site' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(uploads).toHaveLength(1);
    expect(uploads[0].get('title')).toBe('Ada Byron - photo');
    expect(uploads[0].has('image')).toBe(true);
    expect(sent[0]).toMatchObject({ photo: 41, start: 'example' });
  });

  it('checks the fields before sending, and shows the server’s refusals under theirs', async () => {
    const sent = notSetUp(() => HttpResponse.json({ 'profiles.0.url': ['Enter a web address starting with https:// or http://.'] }, { status: 400 }));
    const user = userEvent.setup();
    await openSetup();
    await user.type(form().getByRole('textbox', { name: 'Email' }), 'not an address');
    await user.click(form().getByRole('button', { name: 'Set up the site' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
    expect(form().getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(expect.stringContaining('This field may not be blank.'));
    expect(form().getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(expect.stringContaining('Enter a valid email address.'));
    expect(sent).toEqual([]);

    await user.clear(form().getByRole('textbox', { name: 'Email' }));
    await fillIdentity(user);
    await user.click(form().getByRole('button', { name: 'Set up the site' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() =>
      expect(form().getByRole('textbox', { name: 'LinkedIn' })).toHaveAccessibleDescription(
        expect.stringContaining('Enter a web address starting with https:// or http://.'),
      ),
    );
  });

  it('is not offered again once done', async () => {
    const { router } = await openSetup();
    expect(screen.getByText(SETUP_MESSAGES.done)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit site content' })).toHaveAttribute('href', '/site-content');
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('keeps the identity editable on the site-content screen: a new profile address reaches every line that shows it', async () => {
    const saves: ContentSave[] = [];
    server.use(
      http.get(url('/api/site-content/'), () => HttpResponse.json(currentContent(seedContent, 3))),
      http.get(url('/api/site-content/versions/'), () => HttpResponse.json([])),
      http.put(url('/api/site-content/'), async ({ request }) => {
        const body = (await request.json()) as ContentSave;
        saves.push(body);
        return HttpResponse.json(currentContent(body.content, 4));
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/site-content', preloadedState: signedInAs(aStaffUser()), siteContent: null });
    const linkedIn = await screen.findByRole('textbox', { name: 'LinkedIn' }, { timeout: 3000 });
    expect(linkedIn).toHaveValue('https://www.linkedin.com/in/elias-northcote');
    await user.clear(linkedIn);
    await user.type(linkedIn, 'https://www.linkedin.com/in/ada/');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const { content } = saves[0];
    expect(content.profiles).toEqual([{ kind: 'linkedin', url: 'https://www.linkedin.com/in/ada/' }]);
    // The lines that show it still refer to it: the address is in one place.
    expect(content.cv.links[0]).toEqual({ label: 'LinkedIn', value: '', from: 'linkedin' });
    expect(content.on_the_web[0].from).toBe('linkedin');
    expect(JSON.stringify(content)).not.toContain('elias-northcote');
  });

  it('the site-content editor marks the sections that are still example', async () => {
    const kept: CurrentContent = currentContent(seedContent, 3, ['About text', 'CV experience']);
    server.use(
      http.get(url('/api/site-content/'), () => HttpResponse.json(kept)),
      http.get(url('/api/site-content/versions/'), () => HttpResponse.json([])),
    );
    renderApp({ route: '/site-content', preloadedState: signedInAs(aStaffUser()), siteContent: null });
    const about = await screen.findByRole('group', { name: 'Paragraphs' }, { timeout: 3000 });
    expect(within(about).getByText('Example content')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Experience' })).getByText('Example content')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Education' })).queryByText('Example content')).not.toBeInTheDocument();
    // The CV's email line shows the owner's email rather than holding one.
    const contact = screen.getByRole('group', { name: 'Contact' });
    expect(within(contact).getAllByRole('combobox', { name: 'Shows' })[0]).toHaveValue('email');
  });
});
