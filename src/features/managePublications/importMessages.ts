import type { ImportPlan } from '@/contract/publications';

export const IMPORT_MESSAGES = {
  noText: 'Choose a .bib file or paste BibTeX to import.',
  checkFailed: 'Nothing was imported.',
  importFailed: 'Failed to import publications.',
  nothingToDo: 'Every entry is already on the site as it is in the file.',
  imported: (plan: ImportPlan) => `Imported: ${plan.added.length} added, ${plan.updated.length} updated.`,
} as const;
