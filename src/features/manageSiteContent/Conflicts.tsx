import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';
import { Button, Columns, Muted } from '@/ui';

import type { Conflict } from './mergeEdits';

const Panel = styled.section`
  margin: 0 0 ${theme.space[6]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.colors.border};
  border-left: 4px solid ${theme.colors.danger};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  h3 {
    margin-top: ${theme.space[5]};
  }
  h4 {
    margin-bottom: ${theme.space[2]};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
`;
const Text = styled.p`
  padding: ${theme.space[3]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

/**
 * The sections the editor and someone else both changed since the editor opened the content: both
 * texts side by side, the editor's in the form (what saving publishes) and the one saved meanwhile,
 * which replaces it in the form at a click.
 */
export function Conflicts({ conflicts, onUseSaved }: { conflicts: readonly Conflict[]; onUseSaved: (section: string) => void }) {
  if (conflicts.length === 0) return null;
  return (
    <Panel aria-labelledby="content-conflicts">
      <h2 id="content-conflicts">Changed by you and by someone else</h2>
      <Muted>Your text is in the form: saving publishes it in place of theirs. To keep theirs, use the saved text, or copy what you need from it.</Muted>
      {conflicts.map(({ section, yours, saved }) => (
        <div key={section}>
          <h3>{section}</h3>
          <Columns $min="16rem">
            <div>
              <h4>Yours, in the form</h4>
              <Text>{yours}</Text>
            </div>
            <div>
              <h4>Saved meanwhile</h4>
              <Text>{saved}</Text>
            </div>
          </Columns>
          <Button $variant="secondary" $size="sm" onClick={() => onUseSaved(section)}>
            Use the saved text<span className="visually-hidden"> of {section}</span>
          </Button>
        </div>
      ))}
    </Panel>
  );
}
