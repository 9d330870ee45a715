import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { server, url } from '../msw';

type Noun = 'Category' | 'Gallery';

/**
 * The card that creates a named item (a document category, a gallery), and a person filling in
 * its name and description and pressing its button; an empty text is left untyped.
 */
export async function createNamedCard(user: ReturnType<typeof userEvent.setup>, noun: Noun) {
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

/**
 * A creation the server refuses is reported in the card after "Failed to create …": with the server's
 * word on the name when it has one, else with its detail. `open` serves the screen's data and renders it.
 */
export function itReportsRefusedCreations(
  noun: Noun,
  { endpoint, name, open }: { endpoint: string; name: string; open: () => { user: ReturnType<typeof userEvent.setup> } },
) {
  const thing = noun.toLowerCase();
  it.each([
    ['name', { name: [`A ${thing} with this name already exists.`] }, `Failed to create ${thing}. A ${thing} with this name already exists.`],
    ['detail', { detail: 'Server error.' }, `Failed to create ${thing}. Server error.`],
  ])(`reports a refused ${thing} with the server %s message`, async (_case, body, message) => {
    const { user } = open();
    server.use(http.post(url(endpoint), () => HttpResponse.json(body, { status: 400 })));
    const card = await createNamedCard(user, noun);
    await card.create({ name });
    expect(await within(card.form).findByRole('alert')).toHaveTextContent(message);
  });
}
