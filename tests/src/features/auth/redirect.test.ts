import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { safeRedirect, SigninSearchSchema } from '../../../../src/features/auth/redirect.ts';

describe('safeRedirect', () => {
  it('keeps a path on this origin with its query and hash', () => {
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('/customers?page=2#top')).toBe('/customers?page=2#top');
  });

  it.each([
    ['another host', '//evil.example/profile'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash later on', '/foo\\..\\evil'],
    ['a full URL', 'https://evil.example/'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'profile'],
    ['a tab that browsers strip', '/\t/evil.example'],
    ['a sign-in loop', '/signin?redirect=/profile'],
    ['not text', 42],
  ])('drops %s', (_what, value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });
});

describe('SigninSearchSchema', () => {
  it('turns an unsafe redirect into none instead of failing the page', () => {
    expect(v.parse(SigninSearchSchema, { redirect: '//evil.example' })).toEqual({ redirect: undefined });
    expect(v.parse(SigninSearchSchema, { redirect: '/settings/password' })).toEqual({ redirect: '/settings/password' });
    expect(v.parse(SigninSearchSchema, {})).toEqual({ redirect: undefined });
  });
});
