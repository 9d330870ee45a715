import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/**
 * The card that creates a named item (a document category, a gallery), and a person filling in
 * its name and description and pressing its button; an empty text is left untyped.
 */
export async function createNamedCard(user: ReturnType<typeof userEvent.setup>, noun: 'Category' | 'Gallery') {
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
