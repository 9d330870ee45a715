import { type ChangeEvent, useState } from 'react';

/** A form's text fields in one state object; `bind(name)` gives a field its name, value and change handler. */
export function useFields<F extends Record<string, string>>(initial: F) {
  const [fields, setFields] = useState<F>(initial);
  const bind = (name: keyof F & string) => ({
    name,
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });
  return { fields, setFields, bind };
}
