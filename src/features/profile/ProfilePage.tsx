import { Page } from '../../ui';

export function ProfilePage() {
  return (
    <Page>
      <h1>Profile</h1>
    </Page>
  );
}
