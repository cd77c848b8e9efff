// Answers are bytes, not text: test data in another encoding than UTF-8 (GBK, Latin-1) or with stray bytes is compared
// byte for byte by every checker, and reaches a problem's checker unchanged. Decoding both sides as UTF-8 turned every
// invalid sequence into U+FFFD, so an output that differed from the answer only there was Accepted, and the checker's
// answer file was not the uploaded one.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodePack, JudgeStatus, type JudgeJob } from '@oj/proto';
import { collectingSink, makeJob } from './job-fixture';
import { judge } from './judge';
import { judgeTestBed } from './judge-test-bed';
import { TestdataCache } from './testdata/cache';

/** "你好" in GBK, then a newline: not UTF-8. */
const GBK_ANSWER = Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0a]);

const PACK = encodePack([
  { name: '1.in', data: Buffer.from('0\n') },
  { name: '1.out', data: GBK_ANSWER },
]);
const version = createHash('sha256').update(PACK).digest('hex');

const bed = judgeTestBed({
  name: 'judge-bytes',
  uidBase: 23_300,
  judger: 'bytes-test',
  helperSandbox: true,
  more: (root) => ({ testdata: new TestdataCache({ root: path.join(root, 'testdata'), fetch: async (v) => (v === version ? PACK : null), maxBytes: 1 << 20 }) }),
});

/** A C program that writes `bytes` to stdout. */
function printing(bytes: Buffer): string {
  return `#include <stdio.h>\nint main(void){static const unsigned char b[]={${[...bytes].join(',')}};fwrite(b,1,sizeof b,stdout);return 0;}\n`;
}

function job(code: string, submitId: number, over: Partial<JudgeJob['problem']> = {}): JudgeJob {
  return makeJob('C', code, { testdata: { version }, cases: [{ caseId: 1, index: 1, input: '', output: '', inputName: '1.in', outputName: '1.out', score: 100, groupNum: null }], ...over }, submitId);
}

async function status(j: JudgeJob): Promise<number> {
  const final = await judge(j, collectingSink(), bed.deps);
  return final.status;
}

const same = printing(GBK_ANSWER);
/** "浜好": the first byte differs, and both are invalid UTF-8 there. */
const other = printing(Buffer.from([0xc5, 0xe3, 0xba, 0xc3, 0x0a]));
/** 0xA0 is not whitespace in bytes (it is U+00A0 only when read as Latin-1). */
const nbspAnswerJob = (code: string, submitId: number, over: Partial<JudgeJob['problem']> = {}) =>
  job(code, submitId, { cases: [{ caseId: 2, index: 1, input: '', output: 'a\u00a0b\n', score: 100, groupNum: null }], ...over });

describe('answers are compared as bytes (bwrap)', () => {
  it("HOJ's comparison: the answer's exact bytes are Accepted, other invalid UTF-8 is Wrong Answer", async () => {
    expect(await status(job(same, 1))).toBe(JudgeStatus.ACCEPTED);
    expect(await status(job(other, 2))).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('a byte 0xA0 is not whitespace: "a b" against the answer "a\\u00a0b" is Wrong Answer, not Presentation Error', async () => {
    expect(await status(nbspAnswerJob(printing(Buffer.from('a b\n')), 3))).toBe(JudgeStatus.WRONG_ANSWER);
    expect(await status(nbspAnswerJob(printing(Buffer.from('a\u00a0b\n')), 4))).toBe(JudgeStatus.ACCEPTED);
  });

  it('the built-in checkers: bytes, lines, unordered lines, tokens', async () => {
    for (const [n, checker] of (['bytes', 'lines', 'unordered_lines', 'tokens', 'tokens_ci'] as const).entries()) {
      expect(await status(job(same, 10 + 2 * n, { checker })), checker).toBe(JudgeStatus.ACCEPTED);
      expect(await status(job(other, 11 + 2 * n, { checker })), checker).toBe(JudgeStatus.WRONG_ANSWER);
    }
    expect(await status(nbspAnswerJob(printing(Buffer.from('a b\n')), 30, { checker: 'lines' }))).toBe(JudgeStatus.WRONG_ANSWER);
    expect(await status(nbspAnswerJob(printing(Buffer.from('a b\n')), 31, { checker: 'unordered_lines' }))).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it("a special judge's answer file holds the uploaded bytes", async () => {
    // testlib's order: input, output, answer; Accepted only when the output's bytes are the answer file's.
    const checker =
      '#include <stdio.h>\n#include <string.h>\nstatic size_t rd(const char*f,unsigned char*b){FILE*p=fopen(f,"rb");if(!p)return (size_t)-1;size_t n=fread(b,1,4096,p);fclose(p);return n;}\n' +
      'int main(int c,char**v){static unsigned char a[4096],b[4096];size_t n=rd(v[2],a),m=rd(v[3],b);if(n==(size_t)-1||m==(size_t)-1)return 3;return n==m&&memcmp(a,b,n)==0?0:1;}\n';
    const spj = { judgeMode: 'spj' as const, spjLanguage: 'C', spjCode: checker };
    expect(await status(job(same, 40, spj))).toBe(JudgeStatus.ACCEPTED);
    expect(await status(job(other, 41, spj))).toBe(JudgeStatus.WRONG_ANSWER);
  });
});
