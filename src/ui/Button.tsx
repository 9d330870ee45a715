import styled, { css } from 'styled-components';

import { theme } from '../lib/theme/themes';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants = {
  primary: css`
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
    border-color: ${theme.colors.accent};
    &:hover:not(:disabled) {
      background: ${theme.colors.accentHover};
    }
  `,
  secondary: css`
    background: transparent;
    color: ${theme.colors.accent};
    border-color: ${theme.colors.accent};
    &:hover:not(:disabled) {
      background: ${theme.colors.infoSurface};
    }
  `,
  danger: css`
    background: transparent;
    color: ${theme.colors.danger};
    border-color: ${theme.colors.danger};
    &:hover:not(:disabled) {
      background: ${theme.colors.dangerSurface};
    }
  `,
  ghost: css`
    background: transparent;
    color: inherit;
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${theme.colors.surfaceAlt};
    }
  `,
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
  &:disabled, &[aria-disabled='true'] {
    opacity: 0.55;
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
  &:hover {
    color: ${({ $variant = 'primary' }) => ($variant === 'primary' ? theme.colors.onAccent : theme.colors.accent)};
  }
`;
