export { AccessDenied } from './AccessDenied';
export { Alert } from './Alert';
export { AuthLoading } from './AuthLoading';
export { framed, ruleAbove } from './borders';
export { Button, ButtonLink, DeleteButton, ItemButton, SubmitButton } from './Button';
export { Card, CardGrid } from './Card';
export { CollectionList, type Column } from './CollectionList';
export { ConfirmDelete } from './ConfirmDelete';
export { useSiteContentPage } from './ContentPending';
export { CreateNamedForm } from './CreateNamedForm';
export { datedItems } from './datedItems';
export { Entry, EntryActions, EntryGroup, EntryLinks, EntryMeta, titleLink } from './EntryList';
export { ExampleMark } from './ExampleMark';
export {
  CheckboxField,
  type Choice,
  FieldError,
  FieldFrame,
  FieldHint,
  FileField,
  Input,
  NEW_PASSWORD_HINT,
  PasswordField,
  SelectField,
  TextAreaField,
  TextField,
} from './Field';
export { Foldable } from './Foldable';
export { FormActions } from './FormActions';
export { FormAlert, type FormMessage } from './FormAlert';
export { GlobalStyle } from './GlobalStyle';
export { Group } from './Group';
export { HistoryTable } from './HistoryTable';
export { MathStyles } from './MathStyles';
export { MathTitle } from './MathTitle';
export { itemModal, Modal } from './Modal';
export { NewerOlder } from './NewerOlder';
export { NewsText } from './NewsText';
export { NoteProse } from './NoteProse';
export { NotFoundMessage } from './NotFoundMessage';
export { ActionBar, Columns, HiddenOnPhones, LoadingText, Muted, Page, Prose, Row, Stack } from './Page';
export { ProfileLinks, profilesOf } from './ProfileLinks';
export { ProfileLinksFields } from './ProfileLinksFields';
export { ResearchSections } from './ResearchSections';
export { type CollectionWords, StaffCollectionPage, useStaffCollection } from './StaffCollection';
export { StaffIntro } from './StaffIntro';
export { hiddenHeading, Table } from './Table';
export { tagLink, TagList } from './TagList';
export { useFields } from './useFields';
export { Side, WithAside } from './WithAside';
