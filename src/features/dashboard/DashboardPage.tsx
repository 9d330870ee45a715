import { Page } from '../../ui';

export function DashboardPage() {
  return (
    <Page>
      <h1>Dashboard</h1>
    </Page>
  );
}
