import styled, { keyframes } from 'styled-components';

import { theme } from '@/lib/theme/themes';

import { useSlowScreenLoad } from '../screenLoads';

/** A load this quick needs no sign; a slower one would look like a click that did nothing. */
const SHOW_AFTER_MS = 200;

const sweep = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Track = styled.div`
  position: fixed;
  inset: 0 0 auto 0;
  height: 3px;
  z-index: 20;
  overflow: hidden;
  pointer-events: none;
  &::after {
    content: '';
    display: block;
    width: 40%;
    height: 100%;
    background: ${theme.colors.accent};
    animation: ${sweep} 1.1s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::after {
      animation: none;
      width: 100%;
      opacity: 0.6;
    }
  }
`;

/** A thin bar across the top while the next screen's code loads. */
export function NavigationProgress() {
  const slow = useSlowScreenLoad(SHOW_AFTER_MS);
  if (!slow) return null;
  return <Track role="progressbar" aria-label="Loading the page" />;
}
