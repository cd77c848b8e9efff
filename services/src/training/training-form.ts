// The admin's training form (TrainingDTO) checked into column values: rank 0–2147483647 (the schema), title,
// description and category required, a password required when the training is not public (spec §5, "Group training
// form"). Pure: the stored password and the category's existence are the service's checks.
import { OjError, TRAINING_AUTH, type TrainingAuth, type TrainingBody } from '@oj/proto';

export interface TrainingValues {
  title: string;
  description: string;
  auth: TrainingAuth;
  rank: number;
  categoryId: number;
  /** Visibility when the form sets it. */
  status?: boolean;
  /** The new password (Private), null for a public training, undefined: keep the stored one. */
  password: string | null | undefined;
}

function required(value: string | null | undefined, field: string): string {
  const v = (value ?? '').trim();
  if (!v) throw new OjError('TRAINING_FIELD_REQUIRED', { field });
  return v;
}

export function trainingValues(body: TrainingBody): TrainingValues {
  const t = body.training;
  const title = required(t.title, 'trainingTitle');
  const description = required(t.description, 'trainingDescription');
  const categoryId = body.trainingCategory?.id;
  if (categoryId === undefined || categoryId === null) throw new OjError('TRAINING_FIELD_REQUIRED', { field: 'trainingCategory' });
  const pwd = t.privatePwd?.trim();
  return {
    title,
    description,
    auth: t.auth,
    rank: t.rank,
    categoryId,
    ...(t.status !== undefined && { status: t.status }),
    password: t.auth === TRAINING_AUTH.PUBLIC ? null : pwd ? pwd : undefined,
  };
}

/**
 * The `private_pwd` column a saved form leads to: null (public), the new password (to hash), or undefined to keep the
 * stored hash — refused with '<password> is required' when a private training would have none.
 */
export function passwordToStore(password: string | null | undefined, storedHash: string | null): string | null | undefined {
  if (password !== undefined) return password;
  if (storedHash === null) throw new OjError('TRAINING_FIELD_REQUIRED', { field: 'trainingPassword' });
  return undefined;
}
