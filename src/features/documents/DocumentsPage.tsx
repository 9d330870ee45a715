import { Page } from '../../ui';

export function DocumentsPage() {
  return (
    <Page>
      <h1>Documents</h1>
    </Page>
  );
}
