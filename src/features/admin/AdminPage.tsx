import { Page } from '../../ui';

export function AdminPage() {
  return (
    <Page>
      <h1>Administration</h1>
    </Page>
  );
}
