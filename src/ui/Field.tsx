import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId, useState } from 'react';
import styled, { css } from 'styled-components';

import { theme } from '../lib/theme/themes';
import { framed } from './borders';

const control = css`
  width: 100%;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[3]};
  ${framed('sm')}
  background: ${theme.colors.surface};
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

export const Input = styled.input`
  ${control}
`;
export const Select = styled.select`
  ${control}
`;
export const TextArea = styled.textarea`
  ${control} min-height: 96px;
  resize: vertical;
`;

const Wrapper = styled.div`
  display: grid;
  gap: ${theme.space[1]};
  margin-bottom: ${theme.space[4]};
`;
const Label = styled.label`
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;
/** The hint under a field, or under a group's caption (FieldError likewise). */
export const FieldHint = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xs};
`;
/** One message per line: a field may have several (a note's body, by line). */
export const FieldError = styled(FieldHint)`
  color: ${theme.colors.danger};
  white-space: pre-line;
`;

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The characters used of the most the server takes, shown under the field. */
  count?: { used: number; max: number };
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

const countText = ({ used, max }: { used: number; max: number }) =>
  `${used.toLocaleString('en')} of ${max.toLocaleString('en')} characters${used > max ? `: ${(used - max).toLocaleString('en')} too many` : ''}`;

/** Label, control, hint, character count and error, tied together by id and aria-describedby. */
export function FieldFrame({ label, hint, error, count, children }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const countId = count ? `${id}-count` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, countId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, describedBy })}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {count && <FieldHint id={countId}>{countText(count)}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Wrapper>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: string };

/**
 * A one-line field. A field whose text the server limits takes that limit as `maxLength`
 * (server/contract/fieldLimits.ts and the rules modules beside it), so the browser stops at it.
 */
export function TextField({ label, hint, error, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />}
    </FieldFrame>
  );
}

/** A file chooser that hands on the file chosen, or null once the choice is cleared. */
export function FileField({
  onFile,
  ...field
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & { onFile: (file: File | null) => void }) {
  return <TextField type="file" onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)} {...field} />;
}

/**
 * A text area. With `maxLength` (the server's limit, as for TextField) it also counts the characters
 * used against the limit, where long text is written; the count follows `value`. With `limit` instead
 * it counts (code points, as the server does) without stopping at the limit: a paste past it stays
 * whole, the count says by how much it is over, and the server's refusal says what to do.
 */
export function TextAreaField({ label, hint, error, limit, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { limit?: number }) {
  const text = String(input.value ?? '');
  const count =
    limit !== undefined ? { used: [...text].length, max: limit } : input.maxLength === undefined ? undefined : { used: text.length, max: input.maxLength };
  return (
    <FieldFrame label={label} hint={hint} error={error} count={count}>
      {({ id, describedBy }) => <TextArea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />}
    </FieldFrame>
  );
}

/** A choice's value and what the list shows for it. */
export type Choice = readonly [value: string | number, label: string];

/** A drop-down list: `children` first (a "None" option, say), then the `options`. */
export function SelectField({
  label,
  hint,
  error,
  children,
  options = [],
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options?: readonly Choice[] }) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <Select id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...select}>
          {children}
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </FieldFrame>
  );
}

const PasswordRow = styled.div`
  display: flex;
  gap: ${theme.space[2]};
`;
const ToggleButton = styled.button.attrs({ type: 'button' })`
  flex: none;
  min-width: 64px;
  ${framed('xs')}
  background: ${theme.colors.surfaceAlt};
  cursor: pointer;
`;

/** What every form that sets a password says about it; the server's policy decides. */
export const NEW_PASSWORD_HINT = 'At least 8 characters; a long phrase is best.';

/** Password input with a show/hide toggle. */
export function PasswordField({ label, hint, error, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <PasswordRow>
          <Input id={id} type={visible ? 'text' : 'password'} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
          <ToggleButton aria-controls={id} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
            {visible ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </ToggleButton>
        </PasswordRow>
      )}
    </FieldFrame>
  );
}

const CheckRow = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space[2]};
  margin-bottom: ${theme.space[4]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  input {
    width: 18px;
    height: 18px;
    margin-top: 3px;
    accent-color: ${theme.colors.accent};
  }
`;

export function CheckboxField({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <CheckRow>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </CheckRow>
  );
}
