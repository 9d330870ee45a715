import { formatDate, formatDateTime } from '@/contract/dates';
import type { StaffNoteSummary } from '@/contract/notes';

/** Where a note stands, in words: "Draft", "Scheduled for 9 Jun 2026, 09:00", "Published 9 Jun 2026". */
export function statusText(note: Pick<StaffNoteSummary, 'status' | 'publish_at' | 'published_at'>): string {
  if (note.status === 'scheduled' && note.publish_at) return `Scheduled for ${formatDateTime(note.publish_at)}`;
  if (note.status === 'published' && note.published_at) return `Published ${formatDate(note.published_at)}`;
  return 'Draft';
}
