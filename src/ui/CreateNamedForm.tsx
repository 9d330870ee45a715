import { type FormEvent, type ReactNode, useId, useState } from 'react';

import { Button } from './Button';
import { Card } from './Card';
import { TextAreaField, TextField } from './Field';
import { FormAlert, type FormMessage } from './FormAlert';
import { useFields } from './useFields';

interface Props {
  /** Heading and submit label, e.g. `Create Gallery`. */
  title: string;
  nameLabel: string;
  nameHint: ReactNode;
  /** Shown when the name is blank. */
  emptyNameMessage: string;
  successMessage: string;
  /** Creates the item; rejects with the call's error. */
  create: (values: { name: string; description: string }) => Promise<unknown>;
  /** The failure text for an error of `create`. */
  describeFailure: (error: unknown) => string;
}

/** A card that creates something with a required name and an optional description (galleries, categories). */
export function CreateNamedForm({ title, nameLabel, nameHint, emptyNameMessage, successMessage, create, describeFailure }: Props) {
  const headingId = useId();
  const { fields, setFields, bind } = useFields({ name: '', description: '' });
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const name = fields.name.trim();
    if (!name) {
      setMessage({ tone: 'error', text: emptyNameMessage });
      return;
    }
    setSending(true);
    try {
      await create({ name, description: fields.description });
      setMessage({ tone: 'success', text: successMessage });
      setFields({ name: '', description: '' });
    } catch (failure) {
      setMessage({ tone: 'error', text: describeFailure(failure) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <FormAlert message={message} />
      <form onSubmit={submit} noValidate>
        <TextField label={nameLabel} required {...bind('name')} hint={nameHint} />
        <TextAreaField label="Description (optional)" rows={3} {...bind('description')} />
        <Button type="submit" disabled={sending}>
          {sending ? 'Creating...' : title}
        </Button>
      </form>
    </Card>
  );
}
