import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { useGetGalleriesQuery } from '@/lib/api/imagesManageApi';
import { Alert, CardGrid, LoadingText, Muted, Page, Stack } from '@/ui';

import { GalleryItem } from './GalleryItem';

// A gallery in edit mode grows; its neighbours keep their own height.
const Galleries = styled(CardGrid)`
  align-items: start;
`;

/** Staff screen to rename, describe and delete galleries. */
export function GalleriesPage() {
  const galleries = useGetGalleriesQuery();
  const [editingId, setEditingId] = useState<number | null>(null);

  if (galleries.isLoading) {
    return (
      <Page>
        <LoadingText>Loading galleries...</LoadingText>
      </Page>
    );
  }

  const list = galleries.data ?? [];
  return (
    <Page>
      <Stack>
        <div>
          <Link to={paths.photos}>← Back to Photo Management</Link>
        </div>
        <div>
          <h1>Manage Galleries</h1>
          <Muted>Deleting a gallery keeps its images; they become unassigned.</Muted>
        </div>
        {galleries.isError && <Alert tone="error">Failed to load galleries. Access denied or server error.</Alert>}
        {!galleries.isError && list.length === 0 && <Muted>No galleries yet.</Muted>}
        <Galleries $min="300px">
          {list.map((gallery) => (
            <GalleryItem
              key={gallery.id}
              gallery={gallery}
              editing={editingId === gallery.id}
              locked={editingId !== null && editingId !== gallery.id}
              onEdit={() => setEditingId(gallery.id)}
              onDone={() => setEditingId(null)}
            />
          ))}
        </Galleries>
      </Stack>
    </Page>
  );
}
