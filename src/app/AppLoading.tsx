import { LoadingText, Page } from '../ui';

/** Shown while the first screen's code is still arriving. */
export function AppLoading() {
  return (
    <Page>
      <LoadingText>Loading Application...</LoadingText>
    </Page>
  );
}
