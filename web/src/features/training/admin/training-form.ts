// The training form's state and its checks before saving (spec §5, "Group training form"): rank required and a whole
// number from 0 to 2147483647; title, description and category required; a password required when the training is
// not public (an edit of a training that has one may leave it blank to keep it). Each failure names its field.
import { TRAINING_AUTH, TRAINING_LIMITS, type AdminTrainingDTO, type TrainingAuth, type TrainingBody } from '@oj/proto';

export interface TrainingForm {
  rank: string;
  title: string;
  description: string;
  categoryId: number | null;
  auth: TrainingAuth;
  password: string;
  status: boolean;
}

export type TrainingField = 'rank' | 'title' | 'description' | 'category' | 'password';

export type FormProblem = { kind: 'required'; field: TrainingField } | { kind: 'rankRange' };

export const emptyTrainingForm = (): TrainingForm => ({
  rank: String(TRAINING_LIMITS.defaultRank),
  title: '',
  description: '',
  categoryId: null,
  auth: TRAINING_AUTH.PUBLIC,
  password: '',
  status: true,
});

export function formOf(dto: AdminTrainingDTO): TrainingForm {
  const t = dto.training;
  return { rank: String(t.rank), title: t.title, description: t.description, categoryId: dto.trainingCategory?.id ?? t.categoryId, auth: t.auth, password: '', status: t.status };
}

/** The first problem of the form, or null when it may be saved. `pwdSet`: the stored training has a password. */
export function checkTrainingForm(f: TrainingForm, pwdSet: boolean): FormProblem | null {
  if (f.rank.trim() === '') return { kind: 'required', field: 'rank' };
  const rank = Number(f.rank);
  if (!Number.isInteger(rank) || rank < TRAINING_LIMITS.rankMin || rank > TRAINING_LIMITS.rankMax) return { kind: 'rankRange' };
  if (!f.title.trim()) return { kind: 'required', field: 'title' };
  if (!f.description.trim()) return { kind: 'required', field: 'description' };
  if (f.categoryId === null) return { kind: 'required', field: 'category' };
  if (f.auth !== TRAINING_AUTH.PUBLIC && !f.password.trim() && !pwdSet) return { kind: 'required', field: 'password' };
  return null;
}

export function toTrainingBody(f: TrainingForm, id?: number): TrainingBody {
  return {
    training: {
      ...(id !== undefined && { id }),
      title: f.title.trim(),
      description: f.description,
      auth: f.auth,
      rank: Number(f.rank),
      status: f.status,
      privatePwd: f.auth === TRAINING_AUTH.PUBLIC ? null : f.password.trim(),
    },
    trainingCategory: { id: f.categoryId },
  };
}
