import { Page } from '../../ui';

export function GalleriesPage() {
  return (
    <Page>
      <h1>Galleries</h1>
    </Page>
  );
}
