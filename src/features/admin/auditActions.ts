/** What each action the server records reads as in the audit log. */
const ACTION_PHRASES: Record<string, string> = {
  'user.staff_granted': 'Granted staff rights',
  'user.staff_revoked': 'Withdrew staff rights',
  'user.activated': 'Activated an account',
  'user.deactivated': 'Deactivated an account',
  'user.signed_out': 'Signed a user out everywhere',
  'user.deleted': 'Deleted an account',
  'user.owner': 'Made an account the site’s owner',
  'user.created_staff': 'Created a staff account',
  'user.password_reset': 'Reset a password',
  'document.uploaded': 'Uploaded a document',
  'document.updated': 'Edited a document',
  'document.marked_current': 'Marked a document current',
  'document.unmarked_current': 'Unmarked a current document',
  'document.replaced': 'Replaced a document’s file',
  'document.deleted': 'Deleted a document',
  'category.created': 'Created a document category',
  'category.updated': 'Edited a document category',
  'category.deleted': 'Deleted a document category',
  'gallery.created': 'Created a gallery',
  'gallery.updated': 'Edited a gallery',
  'gallery.deleted': 'Deleted a gallery',
  'image.uploaded': 'Uploaded an image',
  'image.updated': 'Edited an image',
  'image.deleted': 'Deleted an image',
  'news.created': 'Added a news item',
  'news.updated': 'Edited a news item',
  'news.deleted': 'Deleted a news item',
  'note.created': 'Created a note',
  'note.updated': 'Edited a note',
  'note.deleted': 'Deleted a note',
  'teaching.created': 'Added a course taught',
  'teaching.updated': 'Edited a course taught',
  'teaching.deleted': 'Deleted a course taught',
  'publications.imported': 'Imported publications',
  'publications.reordered': 'Reordered publications',
  'publication.updated': 'Edited a publication',
  'publication.deleted': 'Deleted a publication',
  'site_content.updated': 'Edited the site content',
  'site_content.restored': 'Reverted the site content',
};

/**
 * An audit action in words. A code this screen does not know yet (a newer server's) still reads
 * as words: `report.sent_again` becomes "Report: sent again".
 */
export function actionPhrase(code: string): string {
  const known = ACTION_PHRASES[code];
  if (known) return known;
  const [subject, ...rest] = code.split('.').map((part) => part.replace(/_/g, ' ').trim());
  const words = rest.filter(Boolean).join(' ');
  const phrase = words ? `${subject}: ${words}` : subject;
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
