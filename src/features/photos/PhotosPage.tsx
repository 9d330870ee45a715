import { Page } from '../../ui';

export function PhotosPage() {
  return (
    <Page>
      <h1>Photos</h1>
    </Page>
  );
}
