import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';

import { server, url } from '../msw';
import { jsonBody, serveWrite } from '../writes';

type Noun = 'Category' | 'Gallery';
type User = ReturnType<typeof userEvent.setup>;

/**
 * The card that creates a named item (a document category, a gallery), and a person filling in
 * its name and description and pressing its button; an empty text is left untyped.
 */
async function createNamedCard(user: User, noun: Noun) {
  const form = await screen.findByRole('region', { name: `Create ${noun}` });
  const name = () => within(form).getByLabelText(`${noun} name`);
  const description = () => within(form).getByLabelText('Description (optional)');
  return {
    form,
    name,
    description,
    create: async (text: { name: string; description?: string }) => {
      if (text.name) await user.type(name(), text.name);
      if (text.description) await user.type(description(), text.description);
      await user.click(within(form).getByRole('button', { name: `Create ${noun}` }));
    },
  };
}

interface NamedItemScreen<Backend, Item extends JsonBodyType> {
  /** Where the card posts a new item. */
  endpoint: string;
  /** Serves the screen's data (the test's backend) and renders the screen. */
  open: () => { user: User; backend: Backend };
  /** A creation the server accepts: the words typed, and the item it answers, added to the backend's `list`. */
  created: { text: { name: string; description: string }; item: Item; list: (backend: Backend) => Item[] };
  /** What the screen shows once the item is created, said in the test's name and checked by `shows`. */
  afterwards: string;
  shows: (backend: Backend) => Promise<void>;
  /** A name the server refuses. */
  refusedName: string;
}

/**
 * The card's tests: it refuses an empty or blank name itself; a creation is confirmed, empties the form
 * and shows the item; a creation the server refuses is reported in the card after "Failed to create …",
 * with the server's word on the name when it has one, else with its detail.
 */
export function itCreatesNamedItems<Backend, Item extends JsonBodyType>(noun: Noun, screenOf: NamedItemScreen<Backend, Item>) {
  const { endpoint, open, created, afterwards, shows, refusedName } = screenOf;
  const thing = noun.toLowerCase();

  it.each([
    ['an empty', ''],
    ['a blank', '   '],
  ])(`refuses %s ${thing} name`, async (_case, name) => {
    const { user } = open();
    const card = await createNamedCard(user, noun);
    await card.create({ name });
    expect(within(card.form).getByRole('alert')).toHaveTextContent(`${noun} name cannot be empty.`);
  });

  it(`creates a ${thing}, confirms, clears the form and ${afterwards}`, async () => {
    const { user, backend } = open();
    const creations = serveWrite('post', endpoint, jsonBody, () => {
      created.list(backend).push(created.item);
      return HttpResponse.json(created.item, { status: 201 });
    });
    const card = await createNamedCard(user, noun);
    await card.create(created.text);
    expect(await within(card.form).findByRole('status')).toHaveTextContent(`${noun} created successfully!`);
    expect(creations).toEqual([created.text]);
    expect(card.name()).toHaveValue('');
    expect(card.description()).toHaveValue('');
    await shows(backend);
  });

  it.each([
    ['name', { name: [`A ${thing} with this name already exists.`] }, `Failed to create ${thing}. A ${thing} with this name already exists.`],
    ['detail', { detail: 'Server error.' }, `Failed to create ${thing}. Server error.`],
  ])(`reports a refused ${thing} with the server %s message`, async (_case, body, message) => {
    const { user } = open();
    server.use(http.post(url(endpoint), () => HttpResponse.json(body, { status: 400 })));
    const card = await createNamedCard(user, noun);
    await card.create({ name: refusedName });
    expect(await within(card.form).findByRole('alert')).toHaveTextContent(message);
  });
}
