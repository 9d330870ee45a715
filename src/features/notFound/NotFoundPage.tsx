import { Page } from '../../ui';

export function NotFoundPage() {
  return (
    <Page>
      <h1>Bee Error?</h1>
    </Page>
  );
}
