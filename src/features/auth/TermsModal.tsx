import styled from 'styled-components';

import { useSiteContent } from '@/lib/content/useSiteContent';
import { theme } from '@/lib/theme/themes';
import { Button, Modal, Muted, Row } from '@/ui';

import { TERMS_LAST_UPDATED, termsSections } from './termsContent';

const Section = styled.section`
  h3 {
    font-size: ${theme.fontSizes.md};
    margin-bottom: ${theme.space[2]};
  }
  p {
    font-size: ${theme.fontSizes.sm};
  }
`;

const Updated = styled(Muted)`
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

const Actions = styled(Row)`
  justify-content: flex-end;
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
`;

/** The Terms and Conditions, readable before agreeing; "I agree" ticks the box for the reader. */
export function TermsModal({ open, onClose, onAgree }: { open: boolean; onClose: () => void; onAgree: () => void }) {
  const { content } = useSiteContent();
  const owner = { name: content?.name ?? 'its owner', email: content?.email ?? 'the address in the footer' };
  return (
    <Modal title="Terms and Conditions" open={open} onClose={onClose}>
      <Updated>Last updated: {TERMS_LAST_UPDATED}</Updated>
      {termsSections(owner).map((section) => (
        <Section key={section.title}>
          <h3>{section.title}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Section>
      ))}
      <Actions>
        <Button onClick={onAgree}>I agree</Button>
      </Actions>
    </Modal>
  );
}
