import { Page } from '../../ui';

export function CvPage() {
  return (
    <Page>
      <h1>CV</h1>
    </Page>
  );
}
