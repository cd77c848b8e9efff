import { describe, expect, it } from 'vitest';
import { OjError } from '@oj/proto';
import { parseCsv } from '../export/csv-parse';
import { checkImportRows, decodeCsvBytes, genderOf, importUserOf, isHeaderRow } from './user-import';

const none = { usernames: new Set<string>(), emails: new Set<string>() };
const reasons = (csv: string, taken = none) => checkImportRows(parseCsv(csv), taken).map((r) => r.reasons);

describe('CSV import rules', () => {
  it('reads UTF-8 with or without a BOM, and refuses GBK bytes and invalid UTF-8', () => {
    expect(decodeCsvBytes(Buffer.from('\uFEFF张三,pass123\n', 'utf8'))).toBe('张三,pass123\n');
    expect(decodeCsvBytes(Buffer.from('alice,pass123\n', 'utf8'))).toBe('alice,pass123\n');
    // "张三" in GBK.
    const gbk = Buffer.from([0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x70, 0x61, 0x73, 0x73, 0x31, 0x32, 0x33]);
    expect(() => decodeCsvBytes(gbk)).toThrow(OjError);
    expect(() => decodeCsvBytes(Buffer.from([0x61, 0xff, 0xfe, 0x62]))).toThrow(/UTF-8/);
  });

  it('maps gender male/0, female/1, anything else to secrecy', () => {
    expect(['male', '0', 'MALE', 'female', '1', 'Female', '', '2', 'x', undefined].map(genderOf)).toEqual([
      'male', 'male', 'male', 'female', 'female', 'female', 'secrecy', 'secrecy', 'secrecy', 'secrecy',
    ]);
  });

  it('detects a header row', () => {
    expect(isHeaderRow(['username', 'password'])).toBe(true);
    expect(isHeaderRow([' Username ', 'password', 'email'])).toBe(true);
    expect(isHeaderRow(['alice', 'password'])).toBe(false);
  });

  it('gives each bad row its reasons, and none to good rows', () => {
    const csv = [
      'alice,pass123,alice@example.com,Alice,female,Al,MIT',
      'bob,',
      ',pass123',
      'averyveryverylongusername,pass123',
      'carol,12345',
      'dave,' + 'x'.repeat(21),
      'alice,pass456',
      'erin,pass123,not-an-email',
      'frank,pass123,ALICE@example.com',
      'gina,pass123,,,,,,extra',
      'h i,pass123',
    ].join('\n');
    expect(reasons(csv)).toEqual([
      [],
      ['missing_column'],
      ['missing_column'],
      ['username_too_long'],
      ['password_length'],
      ['password_length'],
      ['duplicate_in_file'],
      ['email_invalid'],
      ['email_duplicate_in_file'],
      ['too_many_columns'],
      ['username_invalid'],
    ]);
  });

  it('reports names and emails the database already holds', () => {
    const taken = { usernames: new Set(['root']), emails: new Set(['used@example.com']) };
    expect(reasons('root,pass123\nnew1,pass123,Used@Example.com\nnew2,pass123', taken)).toEqual([['username_exists'], ['email_exists'], []]);
  });

  it('builds the user of a good row: trimmed, email lower-cased, blanks as null', () => {
    expect(importUserOf([' zed ', 'pass123', ' Zed@Example.com', '', '1', 'z', ''])).toEqual({
      username: 'zed',
      password: 'pass123',
      email: 'zed@example.com',
      realname: null,
      gender: 'female',
      nickname: 'z',
      school: null,
    });
  });
});
