import { Link } from 'react-router-dom';

import { formatCalendarDate } from '@/contract/dates';
import type { NewsItem } from '@/contract/news';
import { NEWS_LIMITS } from '@/contract/newsRules';
import { paths } from '@/contract/paths';
import { useGetNewsQuery } from '@/lib/api/newsApi';
import { useCreateNewsItemMutation, useDeleteNewsItemMutation, useUpdateNewsItemMutation } from '@/lib/api/newsManageApi';
import { StaffCollectionPage, TextAreaField, TextField, useStaffCollection } from '@/ui';

const today = () => new Date().toISOString().slice(0, 10);

/** Staff write the short news items the home page and /news show: add, correct and delete. */
export function NewsEditorPage() {
  const news = useGetNewsQuery();
  const { bind, ...collection } = useStaffCollection({
    words: { item: 'news item', items: 'news', addHeading: 'Add news', caption: 'News items' },
    nameOf: (item: NewsItem) => `the news item of ${formatCalendarDate(item.date)}`,
    blank: () => ({ date: today(), text: '', link: '' }),
    fieldsOf: ({ date, text, link }) => ({ date, text, link }),
    bodyOf: (fields) => fields,
    fieldNames: ['date', 'text', 'link', 'detail'],
    edits: { create: useCreateNewsItemMutation()[0], update: useUpdateNewsItemMutation()[0], remove: useDeleteNewsItemMutation()[0] },
    editFocus: 'textarea',
  });
  return (
    <StaffCollectionPage
      title="News"
      intro={
        <>
          Short news, all of it at <Link to={paths.news}>{paths.news}</Link> and the latest five on the home page under your introduction: a paper accepted, a
          talk given.
        </>
      }
      collection={collection}
      list={news}
      columns={[
        { label: 'Date', cell: (item) => <time dateTime={item.date}>{formatCalendarDate(item.date)}</time> },
        { label: 'News', cell: (item) => item.text },
        { label: 'Link', cell: (item) => (item.link ? <a href={item.link}>{item.link}</a> : '—') },
      ]}
    >
      <TextField label="Date" type="date" required {...bind('date')} />
      <TextAreaField
        label="What happened"
        rows={3}
        required
        limit={NEWS_LIMITS.text}
        hint="One or two sentences. Markdown within the line: *emphasis*, [a link](/research/…), $x^2$ for mathematics."
        {...bind('text')}
      />
      <TextField
        label="Link (optional)"
        inputMode="url"
        maxLength={NEWS_LIMITS.link}
        placeholder="https:// or /research/…"
        hint="A page of this site (/research/…, /notes/…) or of another."
        {...bind('link')}
      />
    </StaffCollectionPage>
  );
}
