import { type FormEvent, useId, useRef, useState } from 'react';

import type { NewsItem } from '@/contract/news';
import { NEWS_LIMITS } from '@/contract/newsRules';
import { failureMessage } from '@/lib/api/errors';
import { useGetNewsQuery } from '@/lib/api/newsApi';
import { useCreateNewsItemMutation, useDeleteNewsItemMutation, useUpdateNewsItemMutation } from '@/lib/api/newsManageApi';
import { formatCalendarDate } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import {
  Alert,
  Button,
  Card,
  DeleteButton,
  FormAlert,
  type FormMessage,
  LoadingText,
  Muted,
  Page,
  Row,
  Stack,
  StaffIntro,
  Table,
  TextAreaField,
  TextField,
  useFields,
} from '@/ui';

const today = () => new Date().toISOString().slice(0, 10);
const blank = () => ({ date: today(), text: '', link: '' });

/** Staff write the short news items the home page shows: add, correct and delete. */
export function NewsPage() {
  useDocumentTitle('News');
  const news = useGetNewsQuery();
  const [create] = useCreateNewsItemMutation();
  const [update] = useUpdateNewsItemMutation();
  const [remove] = useDeleteNewsItemMutation();
  const { fields, setFields, bind } = useFields(blank());
  const [editing, setEditing] = useState<NewsItem | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const formHeading = useId();
  const form = useRef<HTMLFormElement>(null);

  function startEditing(item: NewsItem) {
    setEditing(item);
    setFields({ date: item.date, text: item.text, link: item.link });
    setMessage(null);
    // The form is above the list: take the keyboard there.
    form.current?.querySelector('textarea')?.focus();
  }

  function stopEditing() {
    setEditing(null);
    setFields(blank());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setSending(true);
    try {
      if (editing) await update({ id: editing.id, ...fields }).unwrap();
      else await create(fields).unwrap();
      setMessage({ tone: 'success', text: editing ? 'News item saved.' : 'News item added.' });
      stopEditing();
    } catch (failure) {
      setMessage({
        tone: 'error',
        text: failureMessage(editing ? 'The news item was not saved.' : 'The news item was not added.', failure, ['date', 'text', 'link', 'detail']),
      });
    } finally {
      setSending(false);
    }
  }

  async function removeItem(item: NewsItem) {
    if (!window.confirm(`Delete the news item of ${formatCalendarDate(item.date)}?`)) return;
    setMessage(null);
    try {
      await remove(item.id).unwrap();
      if (editing?.id === item.id) stopEditing();
      setMessage({ tone: 'success', text: 'News item deleted.' });
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage('The news item was not deleted.', failure) });
    }
  }

  return (
    <Page>
      <Stack>
        <StaffIntro title="News">Short news for the home page, which shows the latest five under your introduction: a paper accepted, a talk given.</StaffIntro>
        <Card aria-labelledby={formHeading}>
          <h2 id={formHeading}>{editing ? 'Edit news item' : 'Add news'}</h2>
          <FormAlert message={message} />
          <form ref={form} onSubmit={submit} noValidate>
            <TextField label="Date" type="date" required {...bind('date')} />
            <TextAreaField label="What happened" rows={3} required maxLength={NEWS_LIMITS.text} hint="One or two sentences." {...bind('text')} />
            <TextField label="Link (optional)" type="url" inputMode="url" maxLength={NEWS_LIMITS.link} placeholder="https://" {...bind('link')} />
            <Row>
              <Button type="submit" disabled={sending}>
                {sending ? 'Saving...' : editing ? 'Save news item' : 'Add news item'}
              </Button>
              {editing && (
                <Button type="button" $variant="secondary" onClick={stopEditing}>
                  Cancel
                </Button>
              )}
            </Row>
          </form>
        </Card>
        <section aria-labelledby="news-list-heading">
          <h2 id="news-list-heading">All news</h2>
          {news.isLoading && <LoadingText>Loading news...</LoadingText>}
          {news.isError && <Alert tone="error">{failureMessage('Failed to load the news.', news.error)}</Alert>}
          {news.data?.length === 0 && <Muted>No news yet.</Muted>}
          {news.data && news.data.length > 0 && (
            <Table caption="News items" columns={['Date', 'News', 'Link', 'Actions']}>
              <tbody>
                {news.data.map((item) => (
                  <tr key={item.id}>
                    <td data-label="Date">
                      <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
                    </td>
                    <td data-label="News">{item.text}</td>
                    <td data-label="Link">{item.link ? <a href={item.link}>{item.link}</a> : '—'}</td>
                    <td data-label="Actions">
                      <Row>
                        <Button $variant="secondary" $size="sm" onClick={() => startEditing(item)}>
                          Edit<span className="visually-hidden"> the news item of {formatCalendarDate(item.date)}</span>
                        </Button>
                        <DeleteButton name={`the news item of ${formatCalendarDate(item.date)}`} onClick={() => void removeItem(item)} />
                      </Row>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </section>
      </Stack>
    </Page>
  );
}
