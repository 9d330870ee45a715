import styled from 'styled-components';

import { profileItems } from '@/contract/identity';
import { FooterFollowForm } from '@/features/follow/FooterFollowForm';
import { useSiteContent } from '@/lib/content/useSiteContent';
import { theme } from '@/lib/theme/themes';
import { ProfileLinks, profilesOf } from '@/ui';

import { footerLinks } from './navLinks';
import { NavList } from './NavList';
import { pageGutter } from './pageGutter';

const Bar = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[4]};
  padding-block: ${theme.space[6]};
  ${pageGutter}
  border-top: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.muted};
  font: ${theme.fontSizes.sm} ${theme.fonts.ui};
  > nav:first-child {
    margin-left: -${theme.space[3]};
  }
  p {
    margin: 0;
  }
`;

const Profiles = styled(ProfileLinks)`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export function Footer({ isStaff }: { isStaff: boolean }) {
  const { content } = useSiteContent();
  return (
    <Bar>
      <FooterFollowForm />
      <nav aria-label="Footer">
        <NavList links={footerLinks(isStaff)} />
      </nav>
      {content && profilesOf(profileItems(content)).length > 0 && (
        <nav aria-label="Profiles elsewhere">
          <Profiles links={profileItems(content)} />
        </nav>
      )}
      <p>
        © {new Date().getFullYear()} {content?.name}
        {content && (
          <>
            {' '}
            · <a href={`mailto:${content.email}`}>{content.email}</a>
          </>
        )}
      </p>
    </Bar>
  );
}
