import { type FormEvent, type ReactNode, useId, useState } from 'react';

import { FIELD_LIMITS } from '@/contract/fieldLimits';

import { failureMessage } from '../lib/api/errors';
import { SubmitButton } from './Button';
import { Card } from './Card';
import { TextAreaField, TextField } from './Field';
import { FormAlert, type FormMessage } from './FormAlert';
import { useFields } from './useFields';

interface Props {
  /** What is created, capitalised as in the heading: `Gallery`, `Category`. */
  noun: string;
  nameHint: ReactNode;
  /** The most characters the server takes in the name. */
  nameMaxLength: number;
  /** Creates the item; rejects with the call's error. */
  create: (values: { name: string; description: string }) => Promise<unknown>;
}

/**
 * A card that creates something with a required name and an optional description (galleries,
 * categories); its heading, labels and messages all name the thing.
 */
export function CreateNamedForm({ noun, nameHint, nameMaxLength, create }: Props) {
  const title = `Create ${noun}`;
  const headingId = useId();
  const { fields, setFields, bind } = useFields({ name: '', description: '' });
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const name = fields.name.trim();
    if (!name) {
      setMessage({ tone: 'error', text: `${noun} name cannot be empty.` });
      return;
    }
    setSending(true);
    try {
      await create({ name, description: fields.description });
      setMessage({ tone: 'success', text: `${noun} created successfully!` });
      setFields({ name: '', description: '' });
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage(`Failed to create ${noun.toLowerCase()}.`, failure, ['name', 'detail']) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <FormAlert message={message} />
      <form onSubmit={submit} noValidate>
        <TextField label={`${noun} name`} required maxLength={nameMaxLength} {...bind('name')} hint={nameHint} />
        <TextAreaField label="Description (optional)" rows={3} maxLength={FIELD_LIMITS.description} {...bind('description')} />
        <SubmitButton busy={sending} busyText="Creating...">
          {title}
        </SubmitButton>
      </form>
    </Card>
  );
}
