// Account contracts of the original product beyond login: registration, reset, slide and image captchas,
// settings, the mail outbox. Field names follow the original product's.
import { Type, type Static } from '@sinclair/typebox';
import { LIMITS } from './constants';
import { UserInfo } from './dto';

const Email = Type.String({ minLength: 3, maxLength: 200 });
const Password = Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax });
const Username = Type.String({ minLength: 1, maxLength: LIMITS.usernameMax });

/** Answer of the slide verification (required from the 5th failed login): the challenge id and the block's x. */
export const SlideAnswer = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), x: Type.Number() });
export type SlideAnswer = Static<typeof SlideAnswer>;

/** Geometry of the slide verification: block 42, radius 10, canvas 325×100, accuracy 3. */
export const SLIDE = { width: 325, height: 100, block: 42, radius: 10, accuracy: 3 } as const;

/** GET /api/captcha-slide: a challenge; `bg` is the background with the gap, `block` the piece (PNG data URLs: pixels only, the gap is in no markup). */
export const SlideChallenge = Type.Object({
  id: Type.String(),
  bg: Type.String(),
  block: Type.String(),
  y: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type SlideChallenge = Static<typeof SlideChallenge>;

export const GetRegisterCodeQuery = Type.Object({ email: Email });
export const RegisterCodeVO = Type.Object({ email: Type.String(), expire: Type.Integer() });
export type RegisterCodeVO = Static<typeof RegisterCodeVO>;

export const CheckUsernameOrEmailBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
});
export const CheckUsernameOrEmailVO = Type.Object({ username: Type.Boolean(), email: Type.Boolean() });
export type CheckUsernameOrEmailVO = Static<typeof CheckUsernameOrEmailVO>;

export const RegisterBody = Type.Object({
  uuid: Type.Optional(Type.String({ maxLength: 100 })),
  username: Username,
  password: Password,
  email: Email,
  code: Type.String({ minLength: LIMITS.registerCodeLength, maxLength: LIMITS.registerCodeLength }),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** GET /api/captcha: an image captcha (a PNG data URL) and the key to send back with it. */
export const CaptchaVO = Type.Object({ img: Type.String(), captchaKey: Type.String() });
export type CaptchaVO = Static<typeof CaptchaVO>;

export const ApplyResetPasswordBody = Type.Object({
  email: Email,
  captcha: Type.String({ minLength: 1, maxLength: 8 }),
  captchaKey: Type.String({ minLength: 1, maxLength: 100 }),
});
export type ApplyResetPasswordBody = Static<typeof ApplyResetPasswordBody>;

export const ResetPasswordBody = Type.Object({
  username: Username,
  password: Password,
  code: Type.String({ minLength: 1, maxLength: 100 }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const ChangePasswordBody = Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 100 }), newPassword: Password });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const GetChangeEmailCodeQuery = Type.Object({ email: Email });

export const ChangeEmailBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 100 }),
  newEmail: Email,
  code: Type.String({ minLength: 1, maxLength: 20 }),
});
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

/**
 * Mobile numbers accepted by POST /api/change-mobile:
 * a mainland China number (11 digits, 1[3-9]…) or an international number in E.164 form (+, 8–15 digits).
 * Stored as typed (trimmed); the same test runs in the browser and on the server.
 */
export const MOBILE_RE = /^(?:1[3-9]\d{9}|\+[1-9]\d{7,14})$/;
export const isValidMobile = (s: string): boolean => MOBILE_RE.test(s.trim());

export const ChangeMobileBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 100 }),
  newMobile: Type.String({ maxLength: 32 }),
});
export type ChangeMobileBody = Static<typeof ChangeMobileBody>;

/** ChangeAccountVO: code 200 on success (the original product also answers failures this way; we use the catalogue). */
export const ChangeAccountVO = Type.Object({ code: Type.Integer(), msg: Type.String(), userInfo: UserInfo });
export type ChangeAccountVO = Static<typeof ChangeAccountVO>;

const Opt = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
export const ChangeUserInfoBody = Type.Object({
  nickname: Opt(20),
  realname: Opt(50),
  school: Opt(100),
  course: Opt(100),
  number: Opt(50),
  gender: Opt(10),
  signature: Opt(65_535),
  github: Opt(300),
  blog: Opt(300),
  cfUsername: Opt(100),
});
export type ChangeUserInfoBody = Static<typeof ChangeUserInfoBody>;

/** A stored mail as admins see it: recipient, subject and the body with its secrets (codes, reset links' codes) masked. */
export const MailOutboxItem = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  /** The body with every secret masked (null for mails stored by an older version). */
  body: Type.Union([Type.String(), Type.Null()]),
  sent: Type.Boolean(),
  createTime: Type.String(),
});
export type MailOutboxItem = Static<typeof MailOutboxItem>;
export const MailOutboxQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 200 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) });
