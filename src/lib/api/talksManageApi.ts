import { apiPaths } from '@/contract/paths';
import type { Talk, TalkInput } from '@/contract/talks';

import { staffApiPaths } from '../staffApiPaths';
import { collectionManageApi } from './collectionManageApi';

/** Staff edits of talks (see collectionManageApi). */
export const talksManageApi = collectionManageApi<Talk, TalkInput, 'Talk'>('Talk', 'Talk', { list: apiPaths.talks, item: staffApiPaths.talk });

export const { useCreateTalkMutation, useUpdateTalkMutation, useDeleteTalkMutation } = talksManageApi;
