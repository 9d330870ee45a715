import type { SiteContent } from '@/contract/content';
import { CONTENT_SECTIONS, sameSection, sectionText, withSection } from '@/contract/contentRules';

/** A section both the editor and someone else changed: the editor's text stays in the form. */
export interface Conflict {
  section: string;
  yours: string;
  saved: string;
}

/**
 * Brings a change saved meanwhile into the editor's unsaved edits, section by section: a section
 * only they changed takes their text, one only the editor changed keeps the editor's, and one both
 * changed keeps the editor's and is reported, with both texts, for the editor to decide.
 */
export function mergeEdits(startedFrom: SiteContent, yours: SiteContent, saved: SiteContent) {
  let content = yours;
  const takenIn: string[] = [];
  const conflicts: Conflict[] = [];
  for (const section of CONTENT_SECTIONS) {
    if (sameSection(startedFrom, saved, section) || sameSection(yours, saved, section)) continue;
    if (sameSection(startedFrom, yours, section)) {
      content = withSection(content, section, saved);
      takenIn.push(section);
    } else conflicts.push({ section, yours: sectionText(yours, section) ?? '', saved: sectionText(saved, section) ?? '' });
  }
  return { content, takenIn, conflicts };
}
