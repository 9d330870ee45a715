import { Page } from '../../ui';

export function AboutPage() {
  return (
    <Page>
      <h1>About</h1>
    </Page>
  );
}
