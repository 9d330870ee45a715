export { Alert, type AlertTone } from './Alert';
export { Button, ButtonLink, type ButtonVariant } from './Button';
export { Card, CardGrid } from './Card';
export { CheckboxField, FieldFrame, Input, PasswordField, Select, SelectField, TextArea, TextAreaField, TextField } from './Field';
export { GlobalStyle } from './GlobalStyle';
export { Modal } from './Modal';
export { LoadingText, Muted, Page, Prose, Row, Stack } from './Page';
export { Table } from './Table';
