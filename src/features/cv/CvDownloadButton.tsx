import styled from 'styled-components';

import { Alert, Button, ButtonLink } from '@/ui';

import { useGetCurrentCvQuery } from './cvApi';

/** Puts the failure text on its own line below the buttons it sits among. */
const Failure = styled.div`
  flex-basis: 100%;
  order: 1;
`;

/**
 * The download button's four states: loading, unavailable after a failure, a link
 * to the current document, or none found when no CV is marked current.
 */
export function CvDownloadButton() {
  const { data, error, isLoading } = useGetCurrentCvQuery();
  if (isLoading) {
    return (
      <Button disabled aria-busy="true">
        Loading CV
      </Button>
    );
  }
  if (error) {
    return (
      <>
        <Button disabled>CV Unavailable</Button>
        <Failure>
          <Alert tone="error">Failed to load current CV. Please try again later or contact for details.</Alert>
        </Failure>
      </>
    );
  }
  if (!data?.download_url) return <Button disabled>No Current CV Found</Button>;
  return (
    <ButtonLink href={data.download_url} download>
      Download CV (Current)
    </ButtonLink>
  );
}
