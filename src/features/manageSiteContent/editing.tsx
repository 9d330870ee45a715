import { type ChangeEvent, type ReactNode, useState } from 'react';
import styled from 'styled-components';

import type { ContentProblems } from '@/contract/contentRules';
import { theme } from '@/lib/theme/themes';
import { Button, ExampleMark, Group, Row, TextAreaField } from '@/ui';

/** The first message the checks gave for a path, to show under its field. */
export const problemAt = (problems: ContentProblems, path: string): string | undefined => problems[path]?.[0];

type TextKey<T> = { [K in keyof T]-?: T[K] extends string | undefined ? K : never }[keyof T] & string;

/**
 * Binds the text fields of one object of the content (at `path`, '' for the top level): each
 * field's value, its limit (CONTENT_LIMITS), the first problem the checks found at its path, and a
 * change handler that hands on a copy with the new text.
 */
export function textFieldsOf<T extends object>(problems: ContentProblems, path: string, item: T, change: (next: T) => void) {
  return (key: TextKey<T>, maxLength: number) => ({
    value: (item[key] as string | undefined) ?? '',
    maxLength,
    error: problemAt(problems, path ? `${path}.${key}` : key),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change({ ...item, [key]: event.target.value }),
  });
}

/** The first message for any line of a list kept in one text box, naming the line. */
export function lineProblem(problems: ContentProblems, path: string, noun: string): string | undefined {
  const own = problems[path]?.[0];
  if (own) return own;
  const key = Object.keys(problems).find((candidate) => candidate.startsWith(`${path}.`));
  if (!key) return undefined;
  return `${noun} ${Number(key.slice(path.length + 1)) + 1}: ${problems[key][0]}`;
}

/** A list edited as text, one item per line; blank lines are dropped (the box keeps them while typing). */
export function LinesField({
  label,
  hint,
  lines,
  onChange,
  error,
}: {
  label: string;
  hint?: string;
  lines: string[];
  onChange: (lines: string[]) => void;
  error?: string;
}) {
  const [text, setText] = useState(() => lines.join('\n'));
  return (
    <TextAreaField
      label={label}
      hint={hint ?? 'One per line.'}
      error={error}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.split('\n').filter((line) => line.trim() !== ''));
      }}
    />
  );
}

const Item = styled.div`
  padding: ${theme.space[3]} 0;
  border-bottom: 1px solid ${theme.colors.border};
  &:last-of-type {
    border-bottom: 0;
  }
`;

const Problem = styled.p`
  color: ${theme.colors.danger};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xs};
`;

let keyCount = 0;
const nextKey = () => (keyCount += 1);

/**
 * A list of entries that can be added, reordered and removed, each edited by `render`. Buttons
 * name the entry they act on, so a screen-reader user knows which one moves.
 */
export function ListEditor<T>({
  legend,
  noun,
  items,
  onChange,
  make,
  nameOf,
  render,
  max,
  error,
  example = false,
}: {
  /** Whether the list still holds the site's example words. */
  example?: boolean;
  legend: string;
  noun: string;
  items: T[];
  onChange: (items: T[]) => void;
  make: () => T;
  nameOf: (item: T, index: number) => string;
  render: (item: T, index: number, change: (item: T) => void) => ReactNode;
  max: number;
  error?: string;
}) {
  // Entries have no id of their own: keys follow them as they move, so each keeps its open text boxes.
  const [keys, setKeys] = useState(() => items.map(() => nextKey()));
  const move = (from: number, to: number) => {
    const reorder = <U,>(list: U[]) => {
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    };
    setKeys(reorder(keys));
    onChange(reorder(items));
  };
  const remove = (index: number) => {
    setKeys(keys.filter((_, at) => at !== index));
    onChange(items.filter((_, at) => at !== index));
  };
  const add = () => {
    setKeys([...keys, nextKey()]);
    onChange([...items, make()]);
  };
  return (
    <Group legend={legend}>
      {example && <ExampleMark />}
      {error && <Problem>{error}</Problem>}
      {items.map((item, index) => {
        const name = nameOf(item, index) || `${noun} ${index + 1}`;
        return (
          <Item key={keys[index]}>
            {render(item, index, (changed) => onChange(items.map((current, at) => (at === index ? changed : current))))}
            <Row>
              <Button $variant="secondary" $size="sm" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move up: ${name}`}>
                Move up
              </Button>
              <Button
                $variant="secondary"
                $size="sm"
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={`Move down: ${name}`}
              >
                Move down
              </Button>
              <Button $variant="danger" $size="sm" onClick={() => remove(index)} aria-label={`Remove ${name}`}>
                Remove
              </Button>
            </Row>
          </Item>
        );
      })}
      <Button $variant="secondary" $size="sm" disabled={items.length >= max} onClick={add}>
        Add {noun.toLowerCase()}
      </Button>
    </Group>
  );
}
