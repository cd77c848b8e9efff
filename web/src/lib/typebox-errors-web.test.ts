// The web build's Errors (typebox-errors-web.ts) names the first failing path, as proto's decode reports it.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Errors } from './typebox-errors-web';

const Schema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  tags: Type.Array(Type.Object({ name: Type.String(), kind: Type.Union([Type.Literal('a'), Type.Literal('b')]) })),
  note: Type.Optional(Type.String()),
});

describe('typebox-errors-web', () => {
  it('finds nothing in a valid value', () => {
    expect(Errors(Schema, { id: 1, title: 't', tags: [] }).First()).toBeUndefined();
  });

  it('names the first failing path: a missing property, a nested item, a wrong root', () => {
    expect(Errors(Schema, { id: 1, tags: [] }).First()).toEqual({ path: '/title', message: 'Expected required property' });
    expect(Errors(Schema, { id: 1, title: 't', tags: [{ name: 'x', kind: 'a' }, { name: 'y', kind: 'c' }] }).First()).toMatchObject({ path: '/tags/1/kind' });
    expect(Errors(Schema, { id: 1, title: 't', tags: [], note: 3 }).First()).toEqual({ path: '/note', message: 'Expected string' });
    expect(Errors(Schema, 'nope').First()).toEqual({ path: '', message: 'Expected object' });
  });
});
