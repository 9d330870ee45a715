import type { FieldsetHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

import { theme } from '../lib/theme/themes';

const Fieldset = styled.fieldset`
  margin: 0 0 ${theme.space[5]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  min-width: 0;
  legend {
    padding: 0 ${theme.space[2]};
    font-family: ${theme.fonts.ui};
    font-weight: 600;
  }
`;

/** A group of fields under a caption. */
export function Group({ legend, children, ...fieldset }: { legend: string; children: ReactNode } & FieldsetHTMLAttributes<HTMLFieldSetElement>) {
  return (
    <Fieldset {...fieldset}>
      <legend>{legend}</legend>
      {children}
    </Fieldset>
  );
}
