import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { ButtonLink, Muted, Page, Row, useSiteContentPage } from '@/ui';

import { CvDownloadButton } from './CvDownloadButton';
import { CvSection } from './CvSections';

const Header = styled.header`
  margin-bottom: ${theme.space[7]};
  max-width: ${theme.maxWidth.text};
`;
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${theme.space[7]};
  @media (max-width: ${theme.breakpoints.tablet}) {
    grid-template-columns: minmax(0, 1fr);
    gap: 0;
  }
`;

export function CvPage() {
  useDocumentTitle('CV');
  const { content, pending } = useSiteContentPage();
  if (!content) return pending;
  const { cv, name, role, email } = content;
  const enquiryHref = `mailto:${email}?subject=${encodeURIComponent(`CV enquiry — ${name}`)}`;
  return (
    <Page>
      <Header>
        <h1>Curriculum Vitae</h1>
        <Muted>
          {name} — {role}. The downloadable version is kept up to date; ask if you need references or more detail.
        </Muted>
        <Row>
          <CvDownloadButton />
          <ButtonLink href={enquiryHref} $variant="secondary">
            Ask for More Information
          </ButtonLink>
        </Row>
      </Header>
      <Columns>
        <div>
          <CvSection title="Experience" entries={cv.experience} />
          <CvSection title="Education" entries={cv.education} />
          {cv.additional.length > 0 && (
            <CvSection title="Additional Information">
              <ul>
                {cv.additional.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </CvSection>
          )}
        </div>
        <aside aria-label="Contact and skills">
          <CvSection title="Contact" pairs={cv.contact} />
          <CvSection title="Skills" pairs={cv.skills} />
          <CvSection title="Languages" pairs={cv.languages} />
          {cv.nationality && (
            <CvSection title="Nationality">
              <p>{cv.nationality}</p>
            </CvSection>
          )}
          <CvSection title="Links" pairs={cv.links} />
        </aside>
      </Columns>
    </Page>
  );
}
