import styled from 'styled-components';

import { useGetCategoriesQuery, useGetDocumentsQuery } from '@/lib/api/documentsApi';
import { theme } from '@/lib/theme/themes';
import { Alert, LoadingText, Muted, Page, Stack } from '@/ui';

import { CategoryForm } from './CategoryForm';
import { DocumentsList } from './DocumentsList';
import { UploadDocumentForm } from './UploadDocumentForm';

const Forms = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  align-items: start;
`;

/** Staff screen for the downloadable documents. */
export function DocumentsPage() {
  const documents = useGetDocumentsQuery();
  const categories = useGetCategoriesQuery();

  const loading = documents.isLoading || categories.isLoading;
  const failed = documents.isError || categories.isError;
  return (
    <Page>
      <Stack>
        <div>
          <h1>Manage Documents</h1>
          <Muted>Upload the files visitors can download, such as your CV, and choose which one is current.</Muted>
        </div>
        {failed && <Alert tone="error">Failed to load documents or categories. Access denied or server error.</Alert>}
        <Forms>
          <UploadDocumentForm categories={categories.data ?? []} />
          <CategoryForm />
        </Forms>
        {loading ? <LoadingText>Loading documents...</LoadingText> : <DocumentsList documents={documents.data ?? []} />}
      </Stack>
    </Page>
  );
}
