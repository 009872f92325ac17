import type { core } from 'zod';
import { DEFAULT_LOCALE, type Locale } from './locale';
import { errors } from './messages/catalogues/en/errors';
import { type ErrorKey, type ErrorValues, isErrorKey, sayIn } from './messages/errors';
import { translatorFor } from './messages/translator';

/**
 * Validation failures as sentences for people, from the zod issue's code and limits (never zod's own text,
 * "Too small: expected string to have >=8 characters"). The API answers every 400 with this, and the web's forms
 * check with the same schemas and show the same words before sending.
 */

/** A zod issue's fields read here: the code, path and the limits each code carries. */
type Issue = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  params?: unknown;
  [detail: string]: unknown;
};

/** 'firstName' / 'first_name' → 'First name': a name's words, for a field the catalogue does not name. */
function wordsOf(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The field a path names, in plain words: the catalogue's name for its last named segment ('email' → 'Email
 * address'), else that segment's own words; 'Each item' / 'The request' where no segment is a name.
 */
export function fieldLabel(path: readonly PropertyKey[], locale: Locale = DEFAULT_LOCALE): string {
  const t = translatorFor(locale, 'errors');
  const name = [...path].reverse().find((p): p is string => typeof p === 'string');
  if (!name) return path.length ? t('fields.eachItem') : t('fields.request');
  return Object.hasOwn(FIELDS, name) ? t(`fields.${name as keyof typeof FIELDS}`) : wordsOf(name);
}

const FIELDS = errors.fields;
const TYPES = new Set(['string', 'number', 'int', 'boolean', 'array', 'object', 'date']);

function tooSmall(say: Say, label: string, issue: Issue): string {
  const min = Number(issue.minimum);
  const origin = issue.origin;
  if (origin === 'string')
    return min <= 1 ? say('validation.blank', { label }) : say('validation.minChars', { label, count: min });
  if (origin === 'array' || origin === 'set') return say('validation.minItems', { label, count: min });
  return issue.inclusive === false
    ? say('validation.moreThan', { label, min })
    : say('validation.atLeast', { label, min });
}

function tooBig(say: Say, label: string, issue: Issue): string {
  const max = Number(issue.maximum);
  const origin = issue.origin;
  if (origin === 'string') return say('validation.maxChars', { label, count: max });
  if (origin === 'array' || origin === 'set') return say('validation.maxItems', { label, count: max });
  return issue.inclusive === false
    ? say('validation.lessThan', { label, max })
    : say('validation.atMost', { label, max });
}

function invalidFormat(say: Say, label: string, issue: Issue): string {
  switch (issue.format) {
    case 'email':
      return say('validation.email');
    case 'url':
      return say('validation.url', { label });
    case 'datetime':
    case 'date':
      return say('validation.date', { label });
    default:
      return say('validation.notValid', { label });
  }
}

type Say = (key: ErrorKey, values?: ErrorValues) => string;

/**
 * One issue as a sentence, in `locale` (English unless told). A refinement names its message by a key of the
 * `errors` namespace (its values in the issue's `params`), or writes an English sentence of its own.
 *
 * @example humanIssueMessage({ code: 'too_small', origin: 'string', minimum: 8, path: ['password'], message: '' })
 * // 'Password must be at least 8 characters.'
 */
export function humanIssueMessage(zodIssue: core.$ZodIssue | Issue, locale: Locale = DEFAULT_LOCALE): string {
  const issue = zodIssue as Issue;
  const say: Say = (key, values) => sayIn(locale, { key, values });
  const label = fieldLabel(issue.path, locale);
  let text: string;
  switch (issue.code) {
    case 'too_small':
      text = tooSmall(say, label, issue);
      break;
    case 'too_big':
      text = tooBig(say, label, issue);
      break;
    case 'invalid_type': {
      const expected = String(issue.expected);
      text = isMissing(issue)
        ? say('validation.required', { label })
        : TYPES.has(expected)
          ? say(`validation.mustBe_${expected}` as ErrorKey, { label })
          : say('validation.mustBe_kind', { label });
      break;
    }
    case 'invalid_format':
      text = invalidFormat(say, label, issue);
      break;
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values.map(String) : [];
      text =
        values.length > 0 && values.length <= 6
          ? say('validation.oneOf', { label, values: values.join(', ') })
          : say('validation.notAllowed', { label });
      break;
    }
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.keys) ? issue.keys.map(String) : [];
      text = say(keys.length === 1 ? 'validation.unexpectedField' : 'validation.unexpectedFields', {
        keys: keys.join(', '),
      });
      break;
    }
    case 'custom':
      // A refinement's own message is ours, written for people; a bare one gets the generic sentence.
      text = isErrorKey(issue.message)
        ? say(issue.message, issue.params as ErrorValues | undefined)
        : issue.message && issue.message !== 'Invalid input'
          ? capitalise(issue.message)
          : say('validation.notValid', { label });
      break;
    default:
      text = say('validation.notValid', { label });
  }
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The first issue of a failed parse as a sentence (one problem at a time reads best in a form). */
export function humanValidationMessage(
  error: { issues: readonly (core.$ZodIssue | Issue)[] },
  locale: Locale = DEFAULT_LOCALE,
): string {
  const first = error.issues[0];
  return first ? humanIssueMessage(first, locale) : sayIn(locale, { key: 'validation.requestNotValid' });
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
