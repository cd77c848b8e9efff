// Users, roles and permissions administration (`/api/admin/user/…`, `/api/admin/role…`, `/api/admin/auth…`): the
// original product's paths and fields, plus the CSV preview and the role ↔ permission assignment it keeps in code.
import { Type, type Static } from '@sinclair/typebox';
import { LIMITS, PAGE_SIZES } from './constants';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Text = (max: number) => Type.String({ maxLength: max });
const Uid = Type.String({ minLength: 1, maxLength: 64 });
const RoleCode = Type.Integer({ minimum: 1000, maximum: 1008 });

/** How many rows one CSV import may hold, and the file's size cap. */
export const USER_IMPORT_LIMITS = { maxRows: 20_000, maxBytes: 5 * 1024 * 1024, fieldMax: 100 } as const;
/** generate-user: at most this many accounts at once; password length 6–25 (the spec's admin rules). */
export const USER_GENERATE_LIMITS = { maxCount: 5000, passwordMin: 6, passwordMax: 25, affixMax: 10 } as const;

export const AdminUserListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: Math.max(...PAGE_SIZES.options) })),
  /** Matches username, nickname, real name or email (case-insensitive). */
  keyword: Type.Optional(Text(100)),
  onlyAdmin: Type.Optional(Type.Boolean()),
  /** Only users holding this role code (1000–1008). */
  role: Type.Optional(RoleCode),
  /** 0 normal, 1 banned. */
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type AdminUserListQuery = Static<typeof AdminUserListQuery>;

export const RoleRef = Type.Object({ id: Type.Integer(), role: Type.String() });

/** UserRolesVO: one row of the admin user list. */
export const AdminUserRow = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  nickname: Nullable(Type.String()),
  realname: Nullable(Type.String()),
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  school: Nullable(Type.String()),
  number: Nullable(Type.String()),
  titleName: Nullable(Type.String()),
  titleColor: Nullable(Type.String()),
  status: Type.Integer(),
  roles: Type.Array(RoleRef),
  gmtCreate: Type.String(),
});
export type AdminUserRow = Static<typeof AdminUserRow>;

const OptText = (max: number) => Type.Optional(Nullable(Text(max)));
/** AdminEditUserDTO, with the profile fields the admin page edits besides the original's. */
export const AdminEditUserBody = Type.Object({
  uid: Uid,
  username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
  /** Used only with `setNewPwd`. */
  password: Type.Optional(Nullable(Text(100))),
  setNewPwd: Type.Optional(Type.Boolean()),
  email: OptText(200),
  mobile: OptText(32),
  nickname: OptText(20),
  realname: OptText(50),
  gender: Type.Optional(Nullable(Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('secrecy')]))),
  school: OptText(100),
  number: OptText(50),
  titleName: OptText(20),
  titleColor: Type.Optional(Nullable(Type.String({ maxLength: 20, pattern: '^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,20})?$' }))),
  /** The role code (1000–1008). */
  type: RoleCode,
  /** 0 normal, 1 banned. */
  status: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type AdminEditUserBody = Static<typeof AdminEditUserBody>;

export const AdminDeleteUsersBody = Type.Object({ ids: Type.Array(Uid, { minItems: 1, maxItems: 1000 }) });
export type AdminDeleteUsersBody = Static<typeof AdminDeleteUsersBody>;

/** insert-batch-user: the rows (username, password, email, realname, gender, nickname, school) to create at once. */
export const InsertBatchUserBody = Type.Object({
  users: Type.Array(Type.Array(Text(USER_IMPORT_LIMITS.fieldMax + 1), { maxItems: 20 }), { minItems: 1, maxItems: USER_IMPORT_LIMITS.maxRows }),
});
export type InsertBatchUserBody = Static<typeof InsertBatchUserBody>;

/** Why a CSV row cannot be imported (each has a message in both languages in the web catalogue). */
export const USER_IMPORT_REASONS = [
  'missing_column',
  'too_many_columns',
  'username_too_long',
  'username_invalid',
  'password_length',
  'duplicate_in_file',
  'username_exists',
  'email_invalid',
  'email_duplicate_in_file',
  'email_exists',
  'field_too_long',
] as const;
export type UserImportReason = (typeof USER_IMPORT_REASONS)[number];

export const UserImportRow = Type.Object({
  /** 1-based line in the file. */
  line: Type.Integer(),
  cells: Type.Array(Type.String()),
  reasons: Type.Array(Type.Union(USER_IMPORT_REASONS.map((r) => Type.Literal(r)))),
});
export type UserImportRow = Static<typeof UserImportRow>;

/** The preview of a CSV: every row with its reasons (none = importable). Nothing is written yet. */
export const UserImportPreview = Type.Object({
  rows: Type.Array(UserImportRow),
  total: Type.Integer(),
  bad: Type.Integer(),
  /** Whether the first line was a header (`username,password,…`) and skipped. */
  header: Type.Boolean(),
});
export type UserImportPreview = Static<typeof UserImportPreview>;

export const GenerateUserBody = Type.Object({
  prefix: Type.Optional(Type.String({ maxLength: USER_GENERATE_LIMITS.affixMax, pattern: '^[A-Za-z0-9_]*$' })),
  suffix: Type.Optional(Type.String({ maxLength: USER_GENERATE_LIMITS.affixMax, pattern: '^[A-Za-z0-9_]*$' })),
  number_from: Type.Integer({ minimum: 0, maximum: 999_999_999 }),
  number_to: Type.Integer({ minimum: 0, maximum: 999_999_999 }),
  password_length: Type.Integer({ minimum: USER_GENERATE_LIMITS.passwordMin, maximum: USER_GENERATE_LIMITS.passwordMax }),
});
export type GenerateUserBody = Static<typeof GenerateUserBody>;

/** The answer of generate-user: the key of the one download (`/api/file/generate-user-excel?key=`) and the count. */
export const GenerateUserVO = Type.Object({ key: Type.String(), count: Type.Integer() });
export type GenerateUserVO = Static<typeof GenerateUserVO>;

export const GeneratedSheetQuery = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 64 }),
  /** xlsx (default, as the original) or csv. */
  format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])),
});
export type GeneratedSheetQuery = Static<typeof GeneratedSheetQuery>;

export const RoleVO = Type.Object({ id: Type.Integer(), role: Type.String(), description: Nullable(Type.String()), status: Type.Integer(), users: Type.Integer() });
export type RoleVO = Static<typeof RoleVO>;

export const AuthVO = Type.Object({ id: Type.Integer(), permission: Type.String(), description: Nullable(Type.String()), status: Type.Integer() });
export type AuthVO = Static<typeof AuthVO>;

/** Each role's permission ids. */
export const RoleAuthVO = Type.Object({ roles: Type.Array(RoleVO), auths: Type.Array(AuthVO), assigned: Type.Record(Type.String(), Type.Array(Type.Integer())) });
export type RoleAuthVO = Static<typeof RoleAuthVO>;

export const RoleStatusBody = Type.Object({ id: RoleCode, status: Type.Integer({ minimum: 0, maximum: 1 }) });
export type RoleStatusBody = Static<typeof RoleStatusBody>;

/** Sets the whole permission list of one role. */
export const RoleAuthBody = Type.Object({ roleId: RoleCode, authIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 200 }) });
export type RoleAuthBody = Static<typeof RoleAuthBody>;

export const AuthBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  permission: Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z][a-z0-9_]*$' }),
  description: Type.Optional(Nullable(Text(200))),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type AuthBody = Static<typeof AuthBody>;

/**
 * Pushed on `user:<uid>` when the user's sessions were revoked: by an admin (password, role or ban changed, deleted),
 * or by the user (a new password, a reset, a new email). `keep` is the session that survives (the one that made the
 * change, under its renewed id): every gateway moves that session's sockets to it instead of dropping them.
 */
export const SessionRevokedData = Type.Object({
  uid: Type.String(),
  reason: Type.Union([Type.Literal('password'), Type.Literal('role'), Type.Literal('banned'), Type.Literal('deleted'), Type.Literal('email')]),
  keep: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SessionRevokedData = Static<typeof SessionRevokedData>;

/** Pushed on `access` when the role ↔ permission assignment changed: every gateway reloads it. */
export const AccessChangedData = Type.Object({ version: Type.Integer() });
export type AccessChangedData = Static<typeof AccessChangedData>;
