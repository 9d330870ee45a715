import type { TalkInput } from '../../../server/contract/talks';

/** A talk as staff send it, with the given fields instead. */
export const talkInput = (fields: Partial<TalkInput> = {}): TalkInput => ({
  title: 'Rough volatility in practice',
  event: 'Bachelier Congress',
  place: 'Rio de Janeiro',
  date: '2026-07-08',
  type: 'conference',
  abstract: '',
  slides: null,
  video: '',
  paper: null,
  ...fields,
});
