import { describe, expect, it } from 'vitest';
import { OjError, type TrainingBody } from '@oj/proto';
import { passwordToStore, trainingValues } from './training-form';

const body = (training: Partial<TrainingBody['training']> = {}, categoryId: number | null = 3): TrainingBody => ({
  training: { title: ' Greedy ', description: 'intro', auth: 'Public', rank: 1000, ...training },
  trainingCategory: categoryId === null ? null : { id: categoryId },
});

const refusal = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return e instanceof OjError ? `${e.code}:${String(e.params.field ?? '')}` : 'other';
  }
};

describe('trainingValues', () => {
  it('trims and keeps the form, a public training storing no password', () => {
    expect(trainingValues(body({ privatePwd: 'ignored' }))).toEqual({ title: 'Greedy', description: 'intro', auth: 'Public', rank: 1000, categoryId: 3, password: null });
  });

  it("answers '<field> is required' for an empty title, description or category", () => {
    expect(refusal(() => trainingValues(body({ title: '  ' })))).toBe('TRAINING_FIELD_REQUIRED:trainingTitle');
    expect(refusal(() => trainingValues(body({ description: '' })))).toBe('TRAINING_FIELD_REQUIRED:trainingDescription');
    expect(refusal(() => trainingValues(body({}, null)))).toBe('TRAINING_FIELD_REQUIRED:trainingCategory');
  });

  it('takes a private training’s new password, or keeps the stored one when left blank', () => {
    expect(trainingValues(body({ auth: 'Private', privatePwd: ' pw ' })).password).toBe('pw');
    expect(trainingValues(body({ auth: 'Private', privatePwd: '' })).password).toBeUndefined();
    expect(passwordToStore(undefined, 'hash')).toBeUndefined();
    expect(passwordToStore('new', 'hash')).toBe('new');
    expect(passwordToStore(null, 'hash')).toBeNull();
    expect(refusal(() => passwordToStore(undefined, null))).toBe('TRAINING_FIELD_REQUIRED:trainingPassword');
  });
});
