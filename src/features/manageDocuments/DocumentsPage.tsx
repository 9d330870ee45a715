import { DOWNLOAD_LINK_MINUTES } from '@/contract/signInRules';
import { useGetCategoriesQuery, useGetDocumentsQuery } from '@/lib/api/documentsApi';
import { Alert, Columns, LoadingText, Muted, Page, Stack } from '@/ui';

import { CategoriesList } from './CategoriesList';
import { CategoryForm } from './CategoryForm';
import { DocumentsList } from './DocumentsList';
import { UploadDocumentForm } from './UploadDocumentForm';

/** The list's download links work for minutes: fetched again in half that time, a link on the screen always works. */
const LINK_REFRESH_MS = (DOWNLOAD_LINK_MINUTES / 2) * 60_000;

/** Staff screen for the downloadable documents. */
export function DocumentsPage() {
  const documents = useGetDocumentsQuery(undefined, { pollingInterval: LINK_REFRESH_MS });
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
        {loading ? (
          <LoadingText>Loading documents...</LoadingText>
        ) : (
          <>
            <DocumentsList documents={documents.data ?? []} categories={categories.data ?? []} />
            <CategoriesList categories={categories.data ?? []} />
          </>
        )}
      </Stack>
    </Page>
  );
}
