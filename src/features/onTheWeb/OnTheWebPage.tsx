import { Page } from '../../ui';

export function OnTheWebPage() {
  return (
    <Page>
      <h1>On the Web</h1>
    </Page>
  );
}
