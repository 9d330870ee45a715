import styled from 'styled-components';

type Tone = 'accent' | 'success' | 'danger' | 'neutral';

/** A short status word (Staff, Active, Deactivated, You) in the theme's tone colours. */
export const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-family: ${({ theme }) => theme.fonts.ui};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  line-height: 1.7;
  white-space: nowrap;
  color: ${({ theme, $tone }) =>
    $tone === 'accent' ? theme.colors.info : $tone === 'success' ? theme.colors.success : $tone === 'danger' ? theme.colors.danger : theme.colors.muted};
  background: ${({ theme, $tone }) =>
    $tone === 'accent' ? theme.colors.infoSurface : $tone === 'success' ? theme.colors.successSurface : $tone === 'danger' ? theme.colors.dangerSurface : theme.colors.surfaceAlt};
`;
