import { useLocation } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { SETUP_MESSAGES } from '@/contract/setupRules';
import { useGetSetupStatusQuery } from '@/lib/api/setupApi';
import { useGetSiteContentQuery } from '@/lib/api/siteContentApi';
import { PathLink } from '@/lib/PathLink';
import { theme } from '@/lib/theme/themes';
import { Alert, ButtonLink, ExampleMark, Muted } from '@/ui';

const Section = styled.section`
  margin-top: ${theme.space[7]};
  ul {
    margin: 0 0 ${theme.space[4]};
  }
`;

/** Said on arriving from the setup screen, once it is done. */
export function SetupDoneAlert() {
  const setUpNow = (useLocation().state as { setUp?: boolean } | null)?.setUp === true;
  return setUpNow ? <Alert tone="success">{SETUP_MESSAGES.saved}</Alert> : null;
}

/**
 * Whether the owner has set the site up, and which parts of its words are still the example it
 * started with, each to be edited (or left out) before the site is truly theirs.
 */
export function SiteSetupSummary() {
  const status = useGetSetupStatusQuery();
  const example = useGetSiteContentQuery().data?.example ?? [];
  return (
    <>
      {status.data?.needed && status.data.allowed && (
        <Section aria-labelledby="dashboard-setup">
          <h2 id="dashboard-setup">Set up your site</h2>
          <Muted>The site still speaks as an example researcher: give it your name, email and profiles.</Muted>
          <ButtonLink as={PathLink} to={paths.setup}>
            Set up your site
          </ButtonLink>
        </Section>
      )}
      {!status.data?.needed && example.length > 0 && (
        <Section aria-labelledby="dashboard-example">
          <h2 id="dashboard-example">Example content</h2>
          <ExampleMark />
          <Muted>These parts of the site still hold the example words it started with; change or remove them on the site content screen.</Muted>
          <ul>
            {example.map((section) => (
              <li key={section}>{section}</li>
            ))}
          </ul>
          <ButtonLink as={PathLink} to={paths.siteContent} $variant="secondary">
            Edit example content
          </ButtonLink>
        </Section>
      )}
    </>
  );
}
