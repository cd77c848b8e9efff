// The login, register and reset form rules.
import { describe, expect, it } from 'vitest';
import { validateLogin, validateRegister, validateReset } from './validation';

describe('auth form validation', () => {
  it('checks the login form', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'auth.check.usernameRequired',
      password: 'auth.check.passwordRequired',
    });
    expect(validateLogin({ username: 'x'.repeat(21), password: '12345' })).toEqual({
      username: 'auth.check.usernameMax',
      password: 'auth.check.passwordLength',
    });
    expect(validateLogin({ username: 'alice', password: '123456' })).toEqual({});
  });

  it('checks the register form', () => {
    const ok = { username: 'bob', email: 'bob@example.com', password: 'secret1', passwordAgain: 'secret1', code: 'abcdef' };
    expect(validateRegister(ok)).toEqual({});
    expect(validateRegister({ ...ok, passwordAgain: 'other11', code: 'abc', email: 'nope' })).toEqual({
      email: 'auth.check.emailInvalid',
      passwordAgain: 'auth.check.passwordMismatch',
      code: 'auth.check.codeLength',
    });
  });

  it('checks the reset form', () => {
    expect(validateReset({ email: '', captcha: '123456789' })).toEqual({
      email: 'auth.check.emailRequired',
      captcha: 'auth.check.captchaLength',
    });
  });
});
