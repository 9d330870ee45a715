import { LoadingText, Page } from '../../ui';

/** What a guarded screen shows while the session check runs (spec §2 "Route guards"). */
export function AuthLoading() {
  return (
    <Page>
      <LoadingText>Loading Authentication...</LoadingText>
    </Page>
  );
}
