// The `{status, data, msg}` envelope every REST answer uses, and the MyBatis-style page shape.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Integer(), data: data, msg: Type.String() });

export interface EnvelopeOf<T> {
  status: number;
  data: T;
  msg: string;
  /** Error code from the catalogue when `status` is not 200 (an extension of the original envelope). */
  code?: string;
}

export const Page = <T extends TSchema>(record: T) =>
  Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
  });

export interface PageOf<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const PageQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PageQuery = Static<typeof PageQuery>;

export function ok<T>(data: T, msg = 'success'): EnvelopeOf<T> {
  return { status: 200, data, msg };
}
