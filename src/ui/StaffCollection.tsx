import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';

import { failureMessage } from '../lib/api/errors';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { DeleteButton, ItemButton } from './Button';
import { Card } from './Card';
import { CollectionList, type Column, type ListQuery } from './CollectionList';
import { FormActions } from './FormActions';
import { FormAlert, type FormMessage } from './FormAlert';
import { Page, Row, Stack } from './Page';
import { StaffIntro } from './StaffIntro';
import { useFields } from './useFields';

/** How a screen names its items in its headings, buttons and messages. */
export interface CollectionWords {
  /** One item, as a sentence goes on: 'talk' (Talk added., The talk was not saved., Edit talk). */
  item: string;
  /** The items: 'talks' (All talks, Loading talks..., No talks yet.). */
  items: string;
  /** The form's heading while it adds one: 'Add a talk'. */
  addHeading: string;
  /** The table's name for screen readers: 'Talks'. */
  caption: string;
}

/** A call of an RTK Query mutation: its promise settles with the answer or throws the error. */
type Call<Arg> = (arg: Arg) => { unwrap(): Promise<unknown> };

export interface CollectionOptions<Item, Fields, Body> {
  words: CollectionWords;
  /** How an item is named in its buttons and in the question before deleting it: 'the talk "Title" of 8 Jul 2026'. */
  nameOf: (item: Item) => string;
  /** The form's fields empty, an item's fields, and the body sent for the fields. */
  blank: () => Fields;
  fieldsOf: (item: Item) => Fields;
  bodyOf: (fields: Fields) => Body;
  /** Every field the server may refuse, in the form's order: the first message is shown. */
  fieldNames: readonly string[];
  /** The mutations' calls. */
  edits: { create: Call<Body>; update: Call<Body & { id: number }>; remove: Call<number> };
  /** What the keyboard lands on when an item is opened: the form's first input unless told. */
  editFocus?: 'input' | 'textarea';
  /** Told of the item opened for editing, and of null when the form is emptied: for state beside the fields. */
  onOpen?: (item: Item | null) => void;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the screen's form and list need of the collection's state (see useStaffCollection). */
export interface CollectionState<Item> {
  words: CollectionWords;
  nameOf: (item: Item) => string;
  /** The item the form edits; null while it adds one. */
  editing: Item | null;
  sending: boolean;
  message: FormMessage | null;
  form: RefObject<HTMLFormElement>;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  startEditing: (item: Item) => void;
  stopEditing: () => void;
  remove: (item: Item) => Promise<void>;
}

/**
 * A staff screen's collection: one form above the list that adds an item or, opened from the list,
 * edits one; deleting asks first. One message at a time says how each write went.
 */
export function useStaffCollection<Item extends { id: number }, Fields extends Record<string, string>, Body>(options: CollectionOptions<Item, Fields, Body>) {
  const { words, blank, fieldsOf, bodyOf, fieldNames, edits, nameOf, editFocus = 'input', onOpen } = options;
  const { fields, setFields, bind } = useFields(blank());
  const [editing, setEditing] = useState<Item | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const form = useRef<HTMLFormElement>(null);

  function startEditing(item: Item) {
    setEditing(item);
    setFields(fieldsOf(item));
    onOpen?.(item);
    setMessage(null);
    // The form is above the list: take the keyboard there.
    form.current?.querySelector(editFocus)?.focus();
  }

  function stopEditing() {
    setEditing(null);
    setFields(blank());
    onOpen?.(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setSending(true);
    try {
      if (editing) await edits.update({ id: editing.id, ...bodyOf(fields) }).unwrap();
      else await edits.create(bodyOf(fields)).unwrap();
      setMessage({ tone: 'success', text: `${sentence(words.item)} ${editing ? 'saved' : 'added'}.` });
      stopEditing();
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage(`The ${words.item} was not ${editing ? 'saved' : 'added'}.`, failure, fieldNames) });
    } finally {
      setSending(false);
    }
  }

  async function remove(item: Item) {
    if (!window.confirm(`Delete ${nameOf(item)}?`)) return;
    setMessage(null);
    try {
      await edits.remove(item.id).unwrap();
      if (editing?.id === item.id) stopEditing();
      setMessage({ tone: 'success', text: `${sentence(words.item)} deleted.` });
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage(`The ${words.item} was not deleted.`, failure) });
    }
  }

  const state: CollectionState<Item> = { words, nameOf, editing, sending, message, form, submit, startEditing, stopEditing, remove };
  return { ...state, fields, bind };
}

/**
 * The screen of a collection staff write: its title and what it is for, the form (`children` are its
 * fields) and the list of every item with the given columns, each with Edit and Delete.
 */
export function StaffCollectionPage<Item extends { id: number }>({
  title,
  intro,
  collection,
  list,
  columns,
  children,
}: {
  title: string;
  intro: ReactNode;
  collection: CollectionState<Item>;
  list: ListQuery<Item>;
  columns: readonly Column<Item>[];
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const { words, nameOf, editing, sending, message } = collection;
  const formHeading = useId();
  return (
    <Page>
      <Stack>
        <StaffIntro title={title}>{intro}</StaffIntro>
        <Card aria-labelledby={formHeading}>
          <h2 id={formHeading}>{editing ? `Edit ${words.item}` : words.addHeading}</h2>
          <FormAlert message={message} />
          <form ref={collection.form} onSubmit={collection.submit} noValidate>
            {children}
            <FormActions label={`${editing ? 'Save' : 'Add'} ${words.item}`} saving={sending} onCancel={editing ? collection.stopEditing : undefined} />
          </form>
        </Card>
        <CollectionList
          heading={`All ${words.items}`}
          list={list}
          words={{
            loading: `Loading ${words.items}...`,
            failed: `Failed to load the ${words.items}.`,
            empty: `No ${words.items} yet.`,
            caption: words.caption,
          }}
          columns={columns}
          actions={(item) => (
            <Row>
              <ItemButton action="Edit" name={nameOf(item)} onClick={() => collection.startEditing(item)} />
              <DeleteButton name={nameOf(item)} onClick={() => void collection.remove(item)} />
            </Row>
          )}
        />
      </Stack>
    </Page>
  );
}
