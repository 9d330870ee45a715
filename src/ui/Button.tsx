import type { ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

import { theme } from '../lib/theme/themes';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** The look of one variant: resting colours and the background under the pointer. */
function variant(background: string, color: string, border: string, hover: string) {
  return css`
    background: ${background};
    color: ${color};
    border-color: ${border};
    &:hover:not(:disabled) {
      background: ${hover};
    }
  `;
}

const variants = {
  primary: variant(theme.colors.accent, theme.colors.onAccent, theme.colors.accent, theme.colors.accentHover),
  secondary: variant('transparent', theme.colors.accent, theme.colors.accent, theme.colors.infoSurface),
  danger: variant('transparent', theme.colors.danger, theme.colors.danger, theme.colors.dangerSurface),
  ghost: variant('transparent', 'inherit', 'transparent', theme.colors.surfaceAlt),
};

const buttonStyles = css<{ $variant?: ButtonVariant; $size?: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[2]};
  min-height: ${({ $size }) => ($size === 'sm' ? '32px' : '44px')};
  padding: 0 ${({ $size }) => ($size === 'sm' ? theme.space[3] : theme.space[5])};
  border: 1px solid;
  border-radius: ${theme.radii.md};
  font-family: ${theme.fonts.ui};
  font-size: ${({ $size }) => ($size === 'sm' ? theme.fontSizes.xs : theme.fontSizes.sm)};
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  transition:
    background 120ms ease,
    color 120ms ease;
  ${({ $variant = 'primary' }) => variants[$variant]}
  /* Unavailable reads the same in every variant and theme: grey on grey with a dashed edge, not a
     paler copy of the enabled colours (in the dark theme a faded outline button looked enabled).
     The text keeps the contrast of normal text, so it stays easy to read. */
  &:disabled, &[aria-disabled='true'] {
    background: ${theme.colors.surfaceAlt};
    color: ${theme.colors.muted};
    border-color: ${theme.colors.border};
    border-style: dashed;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.attrs<{ type?: string }>((p) => ({ type: p.type ?? 'button' }))<{
  $variant?: ButtonVariant;
  $size?: 'sm' | 'md';
}>`
  ${buttonStyles}
`;

/** A link that looks like a button (downloads, mailto, external pages). */
export const ButtonLink = styled.a<{ $variant?: ButtonVariant; $size?: 'sm' | 'md' }>`
  ${buttonStyles}
  &:hover:not([aria-disabled='true']) {
    color: ${({ $variant = 'primary' }) => ($variant === 'primary' ? theme.colors.onAccent : theme.colors.accent)};
  }
`;

/**
 * A form's submit button: while the form is being sent (`busy`) it says `busyText` and takes no second press;
 * `disabled` keeps it off for the form's own reasons too.
 */
export function SubmitButton({
  busy,
  busyText,
  disabled,
  children,
  ...props
}: { busy: boolean; busyText: string; $variant?: ButtonVariant } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button type="submit" {...props} disabled={busy || disabled}>
      {busy ? busyText : children}
    </Button>
  );
}

/** A row's small button for an action on its item ("Edit"); screen readers hear which item. */
export function ItemButton({ action, name, ...props }: { action: string; name: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button $variant="secondary" $size="sm" {...props}>
      {action}
      <span className="visually-hidden"> {name}</span>
    </Button>
  );
}

/** A row's small Delete button; screen readers hear which item it deletes. */
export function DeleteButton({ name, ...props }: { name: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button $variant="danger" $size="sm" {...props}>
      Delete<span className="visually-hidden"> {name}</span>
    </Button>
  );
}
