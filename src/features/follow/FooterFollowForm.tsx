import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { apiPaths, paths } from '@/contract/paths';
import { theme } from '@/lib/theme/themes';

/** One styled element for the whole form: every page carries it, in its first script. */
const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  max-width: 26rem;
  label,
  p {
    flex-basis: 100%;
  }
  label {
    font-weight: 600;
    color: ${theme.colors.text};
  }
  input,
  button {
    min-height: 44px;
    border-radius: ${theme.radii.md};
  }
  input {
    flex: 1 1 10rem;
    min-width: 0;
    padding: 0 ${theme.space[3]};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surface};
  }
  button {
    padding: 0 ${theme.space[5]};
    border: 1px solid ${theme.colors.accent};
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
    font-weight: 600;
    cursor: pointer;
  }
  button:hover {
    background: ${theme.colors.accentHover};
  }
`;

/**
 * Following with an address alone, in every page's footer. Its label does not say "email", which the
 * sign-in and registration forms' own fields are found by. A plain HTML form: it works before the
 * page's scripts run and costs the first visit no script of its own; the server answers it with the
 * page that says what happens next.
 */
export function FooterFollowForm() {
  const id = useId();
  return (
    <Form method="post" action={apiPaths.follow}>
      <label htmlFor={id}>Follow the research</label>
      <input id={id} type="email" name="email" autoComplete="email" required maxLength={FIELD_LIMITS.email} aria-describedby={`${id}-hint`} />
      <button type="submit">Follow</button>
      <p id={`${id}-hint`}>
        Your address gets an email when a new paper, note or talk is published, once you confirm by a link. <Link to={paths.follow}>More choices</Link>
      </p>
    </Form>
  );
}
