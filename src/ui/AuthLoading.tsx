import { LoadingText, Page } from './Page';

/** What a guarded screen shows while the session check runs. */
export function AuthLoading() {
  return (
    <Page>
      <LoadingText>Loading Authentication...</LoadingText>
    </Page>
  );
}
