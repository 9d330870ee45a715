import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { TextAreaField, TextField } from '@/ui';

function Notes({ maxLength }: { maxLength?: number }) {
  const [value, setValue] = useState('Hi');
  return <TextAreaField label="Notes" hint="Anything." maxLength={maxLength} value={value} onChange={(event) => setValue(event.target.value)} />;
}

describe('fields with a length limit', () => {
  it('stops a text area at its limit and counts the characters used, read with the field', async () => {
    render(<Notes maxLength={10} />);
    const notes = screen.getByLabelText('Notes');
    expect(notes).toHaveAttribute('maxlength', '10');
    expect(notes).toHaveAccessibleDescription('Anything. 2 of 10 characters');
    await userEvent.type(notes, ' there, and more');
    expect(notes).toHaveValue('Hi there, ');
    expect(notes).toHaveAccessibleDescription('Anything. 10 of 10 characters');
  });

  it('counts nothing without a limit, and a one-line field only takes the limit', () => {
    render(
      <>
        <Notes />
        <TextField label="Name" maxLength={5} defaultValue="" />
      </>,
    );
    expect(screen.getByLabelText('Notes')).toHaveAccessibleDescription('Anything.');
    expect(screen.queryByText(/characters/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxlength', '5');
  });
});
