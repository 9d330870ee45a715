/** Names as a person sorts them: case and accents aside, "Gallery 2" before "Gallery 10", the same on every database. */
export const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
