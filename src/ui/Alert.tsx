import type { ReactNode } from 'react';
import styled from 'styled-components';

import { theme } from '../lib/theme/themes';

export type AlertTone = 'error' | 'success' | 'info';

const Box = styled.div<{ $tone: AlertTone }>`
  border-radius: ${theme.radii.md};
  padding: ${theme.space[3]} ${theme.space[4]};
  margin: 0 0 ${theme.space[4]};
  border-left: 4px solid ${({ $tone }) => ($tone === 'error' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : theme.colors.info)};
  background: ${({ $tone }) => ($tone === 'error' ? theme.colors.dangerSurface : $tone === 'success' ? theme.colors.successSurface : theme.colors.infoSurface)};
  color: ${theme.colors.text};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  white-space: pre-line;
`;

/** Errors interrupt screen readers (role=alert); successes and notes are polite (role=status). */
export function Alert({ tone, children, id }: { tone: AlertTone; children: ReactNode; id?: string }) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'} id={id}>
      {children}
    </Box>
  );
}
