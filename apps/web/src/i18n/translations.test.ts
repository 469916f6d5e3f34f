import { MSG_CODES, SET_PROBLEM_CODES } from '@plankurier/shared';
import { ACTED_MEANWHILE_CODES } from '../api/api-error';
import { describe, expect, test } from 'vitest';
import de from './de.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

const lookup = (tree: Tree, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

const leafKeys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );

describe('translations', () => {
  test.each(MSG_CODES)('msg code %s is translated in German and English', (code) => {
    expect(typeof lookup(de, `msg.${code}`)).toBe('string');
    expect(typeof lookup(en, `msg.${code}`)).toBe('string');
  });

  test.each(SET_PROBLEM_CODES)('plan set problem %s is translated in German and English', (code) => {
    expect(typeof lookup(de, `planSet.problem.${code}`)).toBe('string');
    expect(typeof lookup(en, `planSet.problem.${code}`)).toBe('string');
  });

  test('German and English have the same keys', () => {
    expect(leafKeys(en).sort()).toEqual(leafKeys(de).sort());
  });

  test.each(ACTED_MEANWHILE_CODES)('%s also has a text naming the colleague who acted', (code) => {
    expect(lookup(de, `msgBy.${code}`)).toContain('{{name}}');
    expect(lookup(en, `msgBy.${code}`)).toContain('{{name}}');
  });

  test('every timeline sentence also has a version naming the person who acted', () => {
    for (const tree of [de, en] as Tree[]) {
      const kinds = Object.keys(lookup(tree, 'timeline.kind') as Tree).sort();
      expect(Object.keys(lookup(tree, 'timeline.byActor') as Tree).sort()).toEqual(kinds);
      for (const kind of kinds) expect(lookup(tree, `timeline.byActor.${kind}`)).toContain('{{actor}}');
    }
  });

  test('the spec texts are used for the sign-in and password messages', () => {
    expect(lookup(de, 'msg.auth.wrong_credentials')).toBe('Falsche Email und/oder falsches Passwort');
    expect(lookup(de, 'msg.auth.password_mismatch')).toBe('Passwort Wiederholung falsch');
  });
});
