import fs from 'node:fs';
import path from 'node:path';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Django's UserAttributeSimilarityValidator threshold. */
const MAX_SIMILARITY = 0.7;

export const PASSWORD_MESSAGES = {
  tooShort: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `This password is too long. It must contain at most ${PASSWORD_MAX_LENGTH} characters.`,
  tooCommon: 'This password is too common.',
  numeric: 'This password is entirely numeric.',
  similar: (attribute: string) => `The password is too similar to the ${attribute}.`,
} as const;

let commonPasswords: Set<string> | undefined;

/**
 * The passwords of eight characters or more among the 20,000 most frequent in public breach
 * corpora (the zxcvbn common list), lower-cased, most frequent first.
 */
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(fs.readFileSync(path.join(__dirname, 'common-passwords.txt'), 'utf8').split('\n').filter(Boolean));
  return commonPasswords.has(password.trim().toLowerCase());
}

/** difflib's SequenceMatcher.quick_ratio: an upper bound of similarity from shared characters. */
function quickRatio(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      matches += 1;
      counts.set(ch, left - 1);
    }
  }
  return (2 * matches) / (a.length + b.length);
}

/** A short attribute inside a much longer password says little; Django skips those comparisons. */
function tooShortToCompare(password: string, value: string): boolean {
  return password.length >= 10 * value.length && value.length < (MAX_SIMILARITY / 2) * password.length;
}

function isSimilar(password: string, value: string): boolean {
  const lower = value.toLowerCase();
  // Django compares each word and the whole value; the part before the @ is worth comparing too.
  const parts = [...lower.split(/[^\p{L}\p{N}_]+/u), lower.split('@')[0], lower].filter(Boolean);
  const candidate = password.toLowerCase();
  return parts.some((part) => !tooShortToCompare(candidate, part) && quickRatio(candidate, part) >= MAX_SIMILARITY);
}

export interface PasswordOwner {
  email: string;
  first_name?: string;
  last_name?: string;
}

/** Every reason the password is refused, in the order a person should fix them; empty when it is fine. */
export function passwordProblems(password: string, owner: PasswordOwner): string[] {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return [PASSWORD_MESSAGES.tooShort];
  if (length > PASSWORD_MAX_LENGTH) return [PASSWORD_MESSAGES.tooLong];
  const problems: string[] = [];
  const attributes: [string, string | undefined][] = [
    ['email', owner.email],
    ['first name', owner.first_name],
    ['last name', owner.last_name],
  ];
  const similarTo = attributes.find(([, value]) => value && isSimilar(password, value));
  if (similarTo) problems.push(PASSWORD_MESSAGES.similar(similarTo[0]));
  if (isCommon(password)) problems.push(PASSWORD_MESSAGES.tooCommon);
  if (/^\d+$/.test(password)) problems.push(PASSWORD_MESSAGES.numeric);
  return problems;
}
