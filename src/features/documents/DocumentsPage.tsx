import { useGetCategoriesQuery, useGetDocumentsQuery } from '@/lib/api/documentsApi';
import { Alert, Columns, LoadingText, Muted, Page, Stack } from '@/ui';

import { CategoryForm } from './CategoryForm';
import { DocumentsList } from './DocumentsList';
import { UploadDocumentForm } from './UploadDocumentForm';

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
        <Columns $min="340px">
          <UploadDocumentForm categories={categories.data ?? []} />
          <CategoryForm />
        </Columns>
        {loading ? <LoadingText>Loading documents...</LoadingText> : <DocumentsList documents={documents.data ?? []} />}
      </Stack>
    </Page>
  );
}
