import styled from 'styled-components';

import { theme } from '../lib/theme/themes';

const Mark = styled.p`
  display: inline-block;
  margin: 0 0 ${theme.space[3]};
  padding: ${theme.space[1]} ${theme.space[2]};
  border: 1px solid ${theme.colors.accent};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.infoSurface};
  color: ${theme.colors.text};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xs};
  font-weight: 600;
`;

/** Said of words the site started with as an example, until the owner edits them. */
export function ExampleMark() {
  return <Mark>Example content</Mark>;
}
