import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody, registerBody } from '#shared/schemas/auth';
import { fieldLabel, humanValidationMessage } from '#shared/validation-messages';

const messageFor = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a failure');
  return humanValidationMessage(parsed.error);
};

describe('validation messages for people', () => {
  it('turns the sign-up refusals into sentences, never zod text', () => {
    expect(messageFor(registerBody, { email: 'jo@example.com', password: 'short' })).toBe(
      'Password must be at least 8 characters.',
    );
    expect(messageFor(registerBody, { email: 'not an email', password: 'long enough' })).toBe(
      'Enter a valid email address.',
    );
    expect(messageFor(registerBody, { password: 'long enough' })).toBe('Email address is required.');
    expect(messageFor(registerBody, { email: 'jo@example.com', password: 'x'.repeat(201) })).toBe(
      'Password must be at most 200 characters.',
    );
    expect(messageFor(registerBody, { email: 'jo@example.com', password: 'long enough', firstName: '  ' })).toBe(
      'First name must not be blank.',
    );
    expect(messageFor(registerBody, { email: 'jo@example.com', password: 'long enough', admin: true })).toBe(
      'Unexpected field: admin.',
    );
    expect(messageFor(loginBody, { email: 'jo@example.com', password: '' })).toBe('Password must not be blank.');
  });

  it('covers numbers, choices, types and refinements', () => {
    expect(messageFor(z.object({ rating: z.number().int().min(1).max(5) }), { rating: 6 })).toBe(
      'Rating must be at most 5.',
    );
    expect(messageFor(z.object({ rating: z.number() }), { rating: '5' })).toBe('Rating must be a number.');
    expect(messageFor(z.object({ orientation: z.enum(['vertical', 'horizontal']) }), { orientation: 'x' })).toBe(
      'Orientation must be one of: vertical, horizontal.',
    );
    expect(messageFor(z.object({ tags: z.array(z.string()).max(2) }), { tags: ['a', 'b', 'c'] })).toBe(
      'Tags can have at most 2 items.',
    );
    expect(
      messageFor(
        z.object({ a: z.string().optional() }).refine((v) => v.a, { message: 'a title is required' }),
        {},
      ),
    ).toBe('A title is required.');
  });

  it('labels fields in plain words', () => {
    expect(fieldLabel(['firstName'])).toBe('First name');
    expect(fieldLabel(['usage_reset_date'])).toBe('Usage reset date');
    expect(fieldLabel(['updates', 3, 'position', 'x'])).toBe('X');
    expect(fieldLabel([])).toBe('The request');
  });
});
