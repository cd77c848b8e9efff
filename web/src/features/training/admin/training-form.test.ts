import { describe, expect, it } from 'vitest';
import { checkTrainingForm, emptyTrainingForm, toTrainingBody, type TrainingForm } from './training-form';

const filled = (f: Partial<TrainingForm> = {}): TrainingForm => ({ ...emptyTrainingForm(), title: 'Greedy', description: 'd', categoryId: 2, ...f });

describe('the training form', () => {
  it('names the first missing field: rank, title, description, category, then the password of a private training', () => {
    expect(checkTrainingForm(emptyTrainingForm(), false)).toEqual({ kind: 'required', field: 'title' });
    expect(checkTrainingForm(filled({ rank: ' ' }), false)).toEqual({ kind: 'required', field: 'rank' });
    expect(checkTrainingForm(filled({ description: '  ' }), false)).toEqual({ kind: 'required', field: 'description' });
    expect(checkTrainingForm(filled({ categoryId: null }), false)).toEqual({ kind: 'required', field: 'category' });
    expect(checkTrainingForm(filled({ auth: 'Private' }), false)).toEqual({ kind: 'required', field: 'password' });
    expect(checkTrainingForm(filled({ auth: 'Private' }), true)).toBeNull();
    expect(checkTrainingForm(filled(), false)).toBeNull();
  });

  it('keeps the rank a whole number from 0 to 2147483647', () => {
    for (const rank of ['-1', '1.5', '2147483648', 'x']) expect(checkTrainingForm(filled({ rank }), false), rank).toEqual({ kind: 'rankRange' });
    for (const rank of ['0', '2147483647']) expect(checkTrainingForm(filled({ rank }), false), rank).toBeNull();
  });

  it('sends the TrainingDTO, a public training without a password', () => {
    expect(toTrainingBody(filled({ password: 'x' }), 9)).toEqual({
      training: { id: 9, title: 'Greedy', description: 'd', auth: 'Public', rank: 1000, status: true, privatePwd: null },
      trainingCategory: { id: 2 },
    });
    expect(toTrainingBody(filled({ auth: 'Private', password: ' pw ' })).training.privatePwd).toBe('pw');
  });
});
