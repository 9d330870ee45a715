import { formatCalendarDate } from '@/contract/dates';
import type { NewsItem } from '@/contract/news';
import { NEWS_LIMITS } from '@/contract/newsRules';
import { useGetNewsQuery } from '@/lib/api/newsApi';
import { useCreateNewsItemMutation, useDeleteNewsItemMutation, useUpdateNewsItemMutation } from '@/lib/api/newsManageApi';
import { StaffCollectionPage, TextAreaField, TextField, useStaffCollection } from '@/ui';

const today = () => new Date().toISOString().slice(0, 10);

/** Staff write the short news items the home page shows: add, correct and delete. */
export function NewsPage() {
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
      intro="Short news for the home page, which shows the latest five under your introduction: a paper accepted, a talk given."
      collection={collection}
      list={news}
      columns={[
        { label: 'Date', cell: (item) => <time dateTime={item.date}>{formatCalendarDate(item.date)}</time> },
        { label: 'News', cell: (item) => item.text },
        { label: 'Link', cell: (item) => (item.link ? <a href={item.link}>{item.link}</a> : '—') },
      ]}
    >
      <TextField label="Date" type="date" required {...bind('date')} />
      <TextAreaField label="What happened" rows={3} required maxLength={NEWS_LIMITS.text} hint="One or two sentences." {...bind('text')} />
      <TextField label="Link (optional)" type="url" inputMode="url" maxLength={NEWS_LIMITS.link} placeholder="https://" {...bind('link')} />
    </StaffCollectionPage>
  );
}
