import { useId } from 'react';
import styled from 'styled-components';

import type { InterestSection as Interest } from '@/contract/content';
import { theme } from '@/lib/theme/themes';

import { FadeIn } from './FadeIn';

const Section = styled.section<{ $flip: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${theme.space[7]};
  align-items: center;
  padding: ${theme.space[7]} 0;
  border-top: 1px solid ${theme.colors.border};
  figure {
    order: ${({ $flip }) => ($flip ? -1 : 0)};
  }
  @media (max-width: ${theme.breakpoints.tablet}) {
    grid-template-columns: minmax(0, 1fr);
    gap: ${theme.space[4]};
    padding: ${theme.space[6]} 0;
    figure {
      order: 0;
    }
  }
`;
const Text = styled.div`
  max-width: ${theme.maxWidth.text};
  p {
    margin: 0;
  }
`;
const Quote = styled.figure`
  margin: 0;
  padding: ${theme.space[5]} ${theme.space[6]};
  border-left: 3px solid ${theme.colors.accent};
  background: ${theme.colors.surfaceAlt};
  border-radius: 0 ${theme.radii.md} ${theme.radii.md} 0;
  blockquote {
    margin: 0 0 ${theme.space[3]};
    font-size: ${theme.fontSizes.lg};
    font-style: italic;
    line-height: 1.5;
  }
  figcaption {
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
`;

/** One interest: title and description beside a quote; `flip` swaps the sides for the alternating rhythm. */
export function InterestSection({ interest, flip }: { interest: Interest; flip: boolean }) {
  const titleId = useId();
  return (
    <FadeIn>
      <Section $flip={flip} aria-labelledby={titleId}>
        <Text>
          <h2 id={titleId}>{interest.title}</h2>
          {interest.description && <p>{interest.description}</p>}
        </Text>
        {/* A site that started empty has no quotes until the owner chooses them. */}
        {interest.quote && (
          <Quote>
            <blockquote>“{interest.quote}”</blockquote>
            {interest.source && <figcaption>— {interest.source}</figcaption>}
          </Quote>
        )}
      </Section>
    </FadeIn>
  );
}
