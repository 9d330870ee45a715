import { useCreateCategoryMutation } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { CreateNamedForm } from '@/ui';

/** Creates a document category (name required, description optional). */
export function CategoryForm() {
  const [createCategory] = useCreateCategoryMutation();
  return (
    <CreateNamedForm
      title="Create Category"
      nameLabel="Category name"
      nameHint="Name a category CV to make its current document the CV page's download."
      emptyNameMessage="Category name cannot be empty."
      successMessage="Category created successfully!"
      create={(values) => createCategory(values).unwrap()}
      describeFailure={(error) => failureMessage('Failed to create category.', error, ['name', 'detail'])}
    />
  );
}
