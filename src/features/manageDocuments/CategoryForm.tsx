import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { useCreateCategoryMutation } from '@/lib/api/documentsApi';
import { CreateNamedForm } from '@/ui';

/** Creates a document category (name required, description optional). */
export function CategoryForm() {
  const [createCategory] = useCreateCategoryMutation();
  return (
    <CreateNamedForm
      noun="Category"
      nameMaxLength={FIELD_LIMITS.categoryName}
      nameHint="Name a category CV to make its current document the CV page's download."
      create={(values) => createCategory(values).unwrap()}
    />
  );
}
