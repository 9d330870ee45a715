import styled from 'styled-components';

import { adminBackendUrl, paths } from '@/contract/paths';
import { PathLink } from '@/lib/PathLink';
import { useAuth } from '@/lib/session/AuthProvider';
import { theme } from '@/lib/theme/themes';
import { ButtonLink, Card, CardGrid, Muted, Page, Row } from '@/ui';

import { DownloadsChart } from './DownloadsChart';
import { FollowersSummary } from './FollowersSummary';
import { SetupDoneAlert, SiteSetupSummary } from './SiteSetupSummary';

const DashboardCard = styled(Card)`
  display: flex;
  flex-direction: column;
  p {
    flex: 1;
  }
  a {
    align-self: flex-start;
  }
`;

const cards = [
  {
    id: 'documents',
    title: 'Manage My Documents',
    text: 'Upload documents, organise them in categories and choose the current CV visitors download.',
    to: paths.documents,
    action: 'Open documents',
  },
  {
    id: 'photos',
    title: 'Manage My Photos',
    text: 'Upload pictures, sort them into galleries and choose the images of the front-page banner.',
    to: paths.photos,
    action: 'Open photos',
  },
  {
    id: 'admin',
    title: 'Backend Administration',
    text: 'Find users, manage staff rights and accounts, and review the audit log of staff actions.',
    to: adminBackendUrl,
    action: 'Open administration',
  },
];

/** The screens that write the site's own words, in the order the section's text names them. */
const siteLinks = [
  { to: paths.siteContent, label: 'Edit site content' },
  { to: paths.publications, label: 'Manage publications' },
  { to: paths.manageNews, label: 'Manage news' },
  { to: paths.manageNotes, label: 'Manage notes' },
  { to: paths.manageTalks, label: 'Manage talks' },
  { to: paths.manageTeaching, label: 'Manage teaching' },
];

const Section = styled.section`
  margin-top: ${theme.space[7]};
`;

/** The staff home: a greeting, the three management areas, the site's own words, its followers and its downloads. */
export function DashboardPage() {
  const { user } = useAuth();
  const name = user?.first_name || user?.email;
  return (
    <Page>
      <h1>Welcome, {name}!</h1>
      <Muted>What would you like to manage today?</Muted>
      <SetupDoneAlert />
      <CardGrid>
        {cards.map((card) => (
          <DashboardCard key={card.title} aria-labelledby={`dashboard-${card.id}`}>
            <h2 id={`dashboard-${card.id}`}>{card.title}</h2>
            <p>{card.text}</p>
            <ButtonLink as={PathLink} to={card.to}>
              {card.action}
            </ButtonLink>
          </DashboardCard>
        ))}
      </CardGrid>
      <SiteSetupSummary />
      <Section aria-labelledby="dashboard-site">
        <h2 id="dashboard-site">The site</h2>
        <Muted>
          Change the words of the home page, the CV, On the Web and About, and undo any change; import and order the publications of the Research page; write
          the news (on the home page and its own page), your research notes and your talks; list the courses you teach.
        </Muted>
        <Row>
          {siteLinks.map((link) => (
            <ButtonLink key={link.to} as={PathLink} to={link.to} $variant="secondary">
              {link.label}
            </ButtonLink>
          ))}
        </Row>
      </Section>
      <Section aria-labelledby="dashboard-followers">
        <h2 id="dashboard-followers">Followers</h2>
        <Muted>Readers who get an email when a paper or note is published (confirmed addresses only), and how the site’s mail is going.</Muted>
        <FollowersSummary />
      </Section>
      <Section aria-labelledby="dashboard-downloads">
        <h2 id="dashboard-downloads">Downloads</h2>
        <Muted>How often visitors downloaded the CV and the papers each week; counted without cookies or anything about who they are.</Muted>
        <DownloadsChart />
      </Section>
    </Page>
  );
}
