import { type ReactNode, useEffect, useRef } from 'react';
import styled from 'styled-components';

import { theme } from '../lib/theme/themes';
import { Alert, type AlertTone } from './Alert';

/** A form's outcome: a new object per submit, so the same text twice still moves focus again. */
export interface FormMessage {
  tone: AlertTone;
  text: string | readonly string[];
}

const Focusable = styled.div`
  &:focus {
    outline: none;
  }
  &:focus-visible > * {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Line = styled.span`
  display: block;
`;

const Dismiss = styled.button`
  float: right;
  margin: -${theme.space[1]} -${theme.space[2]} 0 ${theme.space[2]};
  min-width: 32px;
  min-height: 32px;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: ${theme.fontSizes.lg};
  line-height: 1;
  cursor: pointer;
`;

/**
 * The message above a form. Errors are announced (role=alert) and take the focus, so a
 * keyboard or screen-reader user lands on what went wrong after a failed submit. With
 * `onDismiss`, the reader can close it.
 */
export function FormAlert({ message, onDismiss, children }: { message: FormMessage | null; onDismiss?: () => void; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message?.tone === 'error') ref.current?.focus();
  }, [message]);
  if (!message) return null;
  const lines = typeof message.text === 'string' ? [message.text] : message.text;
  return (
    <Focusable ref={ref} tabIndex={-1}>
      <Alert tone={message.tone}>
        {onDismiss && (
          <Dismiss type="button" aria-label="Dismiss message" onClick={onDismiss}>
            ×
          </Dismiss>
        )}
        {lines.map((line, index) => (
          <Line key={index}>{line}</Line>
        ))}
        {children}
      </Alert>
    </Focusable>
  );
}
