import { Link } from 'react-router-dom';
import styled from 'styled-components';

import type { SiteContent } from '@/contract/content';
import { paths } from '@/contract/paths';
import { theme } from '@/lib/theme/themes';
import { ButtonLink, Row } from '@/ui';

import { Banner } from './Banner';
import { Typewriter } from './Typewriter';

const Wrapper = styled.section`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[7]};
  padding-bottom: ${theme.space[7]};
  @media (max-width: ${theme.breakpoints.phone}) {
    flex-direction: column-reverse;
    align-items: flex-start;
    gap: ${theme.space[5]};
  }
`;
const Text = styled.div`
  max-width: ${theme.maxWidth.text};
  h1 {
    margin-bottom: ${theme.space[2]};
    font-size: ${theme.fontSizes.hero};
  }
`;
const Phrase = styled(Typewriter)`
  min-height: 1.4em;
  margin-bottom: ${theme.space[5]};
  color: ${theme.colors.accent};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xl};
  font-weight: 500;
`;
const Tagline = styled.p`
  font-size: ${theme.fontSizes.lg};
  margin-bottom: ${theme.space[6]};
`;

export function Hero({ content }: { content: SiteContent }) {
  return (
    <Wrapper aria-label="Introduction">
      <Text>
        <h1>{content.name}</h1>
        <Phrase phrases={content.typewriter_phrases} />
        <Tagline>{content.tagline}</Tagline>
        <Row>
          <ButtonLink as={Link} to={paths.cv}>
            Read my CV
          </ButtonLink>
          <ButtonLink href={`mailto:${content.email}`} $variant="secondary">
            Get in touch
          </ButtonLink>
        </Row>
      </Text>
      <Banner name={content.name} />
    </Wrapper>
  );
}
