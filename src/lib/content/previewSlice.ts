import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { SiteContent } from '@/contract/content';

export interface ContentPreviewState {
  /** Unsaved content staff are looking at on the real pages; null when not previewing. */
  draft: SiteContent | null;
}

/** A preview shows the editor's unsaved words on the public pages themselves, in this tab only. */
export const contentPreviewSlice = createSlice({
  name: 'contentPreview',
  initialState: (): ContentPreviewState => ({ draft: null }),
  reducers: {
    started(state, action: PayloadAction<SiteContent>) {
      state.draft = action.payload;
    },
    ended(state) {
      state.draft = null;
    },
  },
  selectors: {
    selectDraft: (state) => state.draft,
  },
});

export const { started: previewStarted, ended: previewEnded } = contentPreviewSlice.actions;
export const { selectDraft } = contentPreviewSlice.selectors;
