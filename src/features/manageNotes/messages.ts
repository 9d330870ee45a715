/** What the notes screens say, in one place so that tests name the same words. */
export const NOTE_EDITOR_MESSAGES = {
  saved: 'Saved.',
  replaced: 'The body was made again from the notebook and saved.',
  problems: 'The note was not saved: see the messages beside the fields.',
  saveFailed: 'The note was not saved.',
  loadFailed: 'Failed to load the note.',
  notFound: 'There is no such note: it may have been deleted.',
  listFailed: 'Failed to load the notes.',
  deleted: 'Note deleted.',
  deleteFailed: 'The note was not deleted.',
  restored: (savedAt: string) => `Restored the revision of ${savedAt}.`,
  restoreFailed: 'The revision was not restored.',
  restoreBlocked: 'Save or discard your edits to restore an earlier revision.',
  historyFailed: 'Failed to load the revisions.',
  previewFailed: 'The preview could not be shown.',
} as const;
