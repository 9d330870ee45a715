import { useDispatch } from 'react-redux';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { previewEnded } from '@/lib/content/previewSlice';
import { PathLink } from '@/lib/PathLink';
import { theme } from '@/lib/theme/themes';
import { Button } from '@/ui';

const Bar = styled.div`
  position: fixed;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: 30;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  align-items: center;
  justify-content: center;
  padding: ${theme.space[2]} ${theme.space[4]};
  background: ${theme.colors.accent};
  color: ${theme.colors.onAccent};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  a {
    color: inherit;
    font-weight: 600;
  }
`;

/**
 * While staff preview unsaved content, every page says so and offers the way back (keeping the
 * edits) or out (dropping them). The layout shows it while they do.
 */
export function PreviewBar() {
  const dispatch = useDispatch();
  return (
    <Bar role="status">
      <span>Preview of unsaved changes: visitors do not see them yet.</span>
      <PathLink to={paths.siteContent}>Back to editing</PathLink>
      <Button $variant="secondary" $size="sm" onClick={() => dispatch(previewEnded())}>
        Discard preview
      </Button>
    </Bar>
  );
}
