import type { core } from 'zod';

/**
 * Validation failures as sentences for people, from the zod issue's code and limits (never zod's own text,
 * "Too small: expected string to have >=8 characters"). The API answers every 400 with this, and the web's forms
 * check with the same schemas and show the same words before sending.
 */

/** A zod issue's fields read here: the code, path and the limits each code carries. */
type Issue = { code: string; path: readonly PropertyKey[]; message: string; [detail: string]: unknown };

/** Field names whose plain-words form is not simply the name split into words. */
const LABELS: Record<string, string> = {
  email: 'Email address',
  planId: 'Plan',
  boardId: 'Board',
  sectionId: 'Section',
  cardId: 'Card',
  newResetDate: 'Reset date',
  code: 'Link code',
};

/** 'firstName' / 'first_name' → 'First name'; the last path segment that is a name, else 'This value'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((p): p is string => typeof p === 'string');
  if (!name) return path.length ? 'Each item' : 'The request';
  if (LABELS[name]) return LABELS[name];
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function tooSmall(label: string, issue: Issue): string {
  const min = Number(issue.minimum);
  const origin = issue.origin;
  if (origin === 'string')
    return min <= 1
      ? `${label} must not be blank`
      : `${label} must be at least ${plural(min, 'character', 'characters')}`;
  if (origin === 'array' || origin === 'set') return `${label} needs at least ${plural(min, 'item', 'items')}`;
  return issue.inclusive === false ? `${label} must be more than ${min}` : `${label} must be at least ${min}`;
}

function tooBig(label: string, issue: Issue): string {
  const max = Number(issue.maximum);
  const origin = issue.origin;
  if (origin === 'string') return `${label} must be at most ${plural(max, 'character', 'characters')}`;
  if (origin === 'array' || origin === 'set') return `${label} can have at most ${plural(max, 'item', 'items')}`;
  return issue.inclusive === false ? `${label} must be less than ${max}` : `${label} must be at most ${max}`;
}

function invalidFormat(label: string, issue: Issue): string {
  switch (issue.format) {
    case 'email':
      return 'Enter a valid email address';
    case 'url':
      return `${label} must be a web address`;
    case 'datetime':
    case 'date':
      return `${label} must be a date`;
    default:
      return `${label} is not valid`;
  }
}

/**
 * One issue as a sentence.
 *
 * @example humanIssueMessage({ code: 'too_small', origin: 'string', minimum: 8, path: ['password'], message: '' })
 * // 'Password must be at least 8 characters.'
 */
export function humanIssueMessage(zodIssue: core.$ZodIssue | Issue): string {
  const issue = zodIssue as Issue;
  const label = fieldLabel(issue.path);
  let text: string;
  switch (issue.code) {
    case 'too_small':
      text = tooSmall(label, issue);
      break;
    case 'too_big':
      text = tooBig(label, issue);
      break;
    case 'invalid_type':
      text = isMissing(issue)
        ? `${label} is required`
        : `${label} must be ${TYPE_WORDS[String(issue.expected)] ?? 'of another kind'}`;
      break;
    case 'invalid_format':
      text = invalidFormat(label, issue);
      break;
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values.map(String) : [];
      text =
        values.length > 0 && values.length <= 6
          ? `${label} must be one of: ${values.join(', ')}`
          : `${label} is not an allowed value`;
      break;
    }
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.keys) ? issue.keys.map(String) : [];
      text = keys.length === 1 ? `Unexpected field: ${keys[0]}` : `Unexpected fields: ${keys.join(', ')}`;
      break;
    }
    case 'custom':
      // A refinement's own message is ours, written for people; a bare one gets the generic sentence.
      text = issue.message && issue.message !== 'Invalid input' ? capitalise(issue.message) : `${label} is not valid`;
      break;
    default:
      text = `${label} is not valid`;
  }
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The first issue of a failed parse as a sentence (one problem at a time reads best in a form). */
export function humanValidationMessage(error: { issues: readonly (core.$ZodIssue | Issue)[] }): string {
  const first = error.issues[0];
  return first ? humanIssueMessage(first) : 'The request is not valid.';
}

/**
 * A missing field: the input when zod kept it (error maps see it), else zod's own "received undefined" note,
 * the only place a finished issue still says so.
 */
function isMissing(issue: Issue): boolean {
  if ('input' in issue) return issue.input === undefined;
  return /received undefined$/.test(issue.message);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
