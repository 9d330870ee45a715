import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

type Tone = 'accent' | 'success' | 'danger' | 'neutral';

/** A short status word (Staff, Active, Deactivated, You) in the theme's tone colours. */
export const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 0 ${theme.space[2]};
  border-radius: ${theme.radii.sm};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xs};
  font-weight: 600;
  line-height: 1.7;
  white-space: nowrap;
  color: ${({ $tone }) =>
    $tone === 'accent' ? theme.colors.info : $tone === 'success' ? theme.colors.success : $tone === 'danger' ? theme.colors.danger : theme.colors.muted};
  background: ${({ $tone }) =>
    $tone === 'accent'
      ? theme.colors.infoSurface
      : $tone === 'success'
        ? theme.colors.successSurface
        : $tone === 'danger'
          ? theme.colors.dangerSurface
          : theme.colors.surfaceAlt};
`;
