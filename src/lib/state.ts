import { combineSlices, type Store, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';

import { api } from './api/apiSlice';
import { contentPreviewSlice } from './content/previewSlice';
import { sessionSlice } from './session/sessionSlice';
import { themeSlice } from './theme/themeSlice';

/** Every slice of the store is shared code; src/app builds the store from this reducer. */
export const rootReducer = combineSlices(sessionSlice, themeSlice, contentPreviewSlice, api);
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<Store<RootState>>();
