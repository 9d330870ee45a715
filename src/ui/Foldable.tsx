import { type ReactNode, useEffect, useRef } from 'react';
import styled from 'styled-components';

import { theme } from '../lib/theme/themes';

const Details = styled.details<{ $wideFrom: string }>`
  > summary {
    display: flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: 44px;
    cursor: pointer;
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.md};
    font-weight: 600;
    list-style: none;
  }
  > summary::-webkit-details-marker {
    display: none;
  }
  /* A flex summary loses the browser's triangle: this one turns as the part opens. */
  > summary::before {
    content: '';
    border-block: 0.3em solid transparent;
    border-left: 0.45em solid currentColor;
    transition: transform 0.15s;
  }
  &[open] > summary::before {
    transform: rotate(90deg);
  }
  @media (prefers-reduced-motion: reduce) {
    > summary::before {
      transition: none;
    }
  }
  > h2 {
    display: none;
  }
  @media (min-width: ${({ $wideFrom }) => $wideFrom}) {
    > summary {
      display: none;
    }
    > h2 {
      display: block;
    }
    /* Open whatever its state, from the first paint of the server's page (the effect below opens it where this is not understood). */
    &::details-content {
      content-visibility: visible;
    }
  }
`;

/**
 * A part of a page that a phone folds away under its summary and a wide screen shows open, headed by
 * the same words. A <details> element, so that it folds and unfolds without script: the page is
 * rendered on the server, closed, so that a phone's first paint has the main content high up.
 */
export function Foldable({
  summary,
  headingId,
  wideFrom,
  className,
  children,
}: {
  summary: string;
  /** The id of the heading shown at wide widths, for the landmark around it to be named by. */
  headingId: string;
  wideFrom: string;
  className?: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current && typeof window.matchMedia === 'function' && window.matchMedia(`(min-width: ${wideFrom})`).matches) details.current.open = true;
  }, [wideFrom]);
  return (
    <Details ref={details} $wideFrom={wideFrom} className={className}>
      <summary>{summary}</summary>
      <h2 id={headingId}>{summary}</h2>
      {children}
    </Details>
  );
}
