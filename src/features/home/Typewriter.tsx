import { useEffect, useReducer, useState } from 'react';
import styled, { keyframes } from 'styled-components';

import { prefersReducedMotion } from '@/lib/motion';
import { theme } from '@/lib/theme/themes';

/** Per typed character, pause on the full phrase, per deleted character (ms). */
export const TYPE_MS = 150;
export const PAUSE_MS = 2000;
export const DELETE_MS = 50;

interface State {
  phrase: number;
  length: number;
  deleting: boolean;
}

const START: State = { phrase: 0, length: 0, deleting: false };

/** One tick: type a character, start deleting after the pause, delete one, or move to the next phrase. */
function tick(state: State, phrases: string[], reduced: boolean): State {
  const nextPhrase = { ...START, phrase: (state.phrase + 1) % phrases.length };
  if (reduced) return nextPhrase;
  if (!state.deleting) {
    return state.length < phrases[state.phrase].length ? { ...state, length: state.length + 1 } : { ...state, deleting: true };
  }
  return state.length > 1 ? { ...state, length: state.length - 1 } : nextPhrase;
}

function delayOf(state: State, phrases: string[], reduced: boolean): number {
  if (reduced || state.deleting) return reduced ? PAUSE_MS : DELETE_MS;
  return state.length < phrases[state.phrase].length ? TYPE_MS : PAUSE_MS;
}

const blink = keyframes`50% { opacity: 0; }`;
const Caret = styled.span`
  display: inline-block;
  width: 2px;
  height: 1em;
  margin-left: 2px;
  vertical-align: -0.1em;
  background: ${theme.colors.accent};
  animation: ${blink} 1s steps(1) infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/**
 * A heading that types each phrase, pauses, deletes it and moves on. Screen readers get all
 * phrases once as text instead of every keystroke; with reduced motion whole phrases alternate.
 */
export function Typewriter({ phrases, className }: { phrases: string[]; className?: string }) {
  // Known only in the browser: the first render matches the server's.
  const [reduced, setReduced] = useState(false);
  const [state, advance] = useReducer((current: State) => tick(current, phrases, reduced), START);

  useEffect(() => setReduced(prefersReducedMotion()), []);

  useEffect(() => {
    if (phrases.length === 0 || (reduced && phrases.length < 2)) return;
    const timer = setTimeout(advance, delayOf(state, phrases, reduced));
    return () => clearTimeout(timer);
  }, [state, phrases, reduced]);

  const full = phrases[state.phrase] ?? '';
  return (
    <h2 className={className}>
      <span className="visually-hidden">{phrases.join(', ')}</span>
      <span aria-hidden="true">{reduced ? full : full.slice(0, state.length)}</span>
      <Caret aria-hidden="true" />
    </h2>
  );
}
