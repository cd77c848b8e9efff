// The demo problems seeded on first start: an ACM A+B, an OI list sum worth 10 × 10 points, and a prime
// count with a 200 ms limit that a naive solution cannot meet.

export interface SeedProblem {
  problemId: string;
  title: string;
  type: 0 | 1;
  timeLimit: number;
  memoryLimit: number;
  difficulty: number;
  description: string;
  input: string;
  output: string;
  examples: { input: string; output: string }[];
  hint: string | null;
  source: string;
  tags: string[];
  cases: { input: string; output: string; score: number }[];
}

export const SEED_TAGS: { name: string; color: string }[] = [
  { name: 'Beginner', color: '#19be6b' },
  { name: 'Math', color: '#2d8cf0' },
  { name: 'Number Theory', color: '#ed4014' },
];

/** Small deterministic generator so the seeded cases are the same on every install. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s;
  };
}

function listSumCases(): { input: string; output: string; score: number }[] {
  const next = lcg(1001);
  const out: { input: string; output: string; score: number }[] = [];
  for (let i = 1; i <= 10; i++) {
    const n = i === 1 ? 1 : i * 100;
    const xs = Array.from({ length: n }, () => (next() % 2_000_001) - 1_000_000);
    const sum = xs.reduce((a, b) => a + b, 0);
    out.push({ input: `${n}\n${xs.join(' ')}\n`, output: `${sum}\n`, score: 10 });
  }
  return out;
}

const PRIME_COUNTS: [number, number][] = [
  [1, 0],
  [10, 4],
  [1000, 168],
  [1_000_000, 78_498],
  [2_999_999, 216_816],
  [5_000_000, 348_513],
];

export const SEED_PROBLEMS: SeedProblem[] = [
  {
    problemId: '1000',
    title: 'A+B Problem',
    type: 0,
    timeLimit: 1000,
    memoryLimit: 256,
    difficulty: 0,
    description:
      'Calculate $a + b$.\n\n计算 $a + b$ 的值。\n\nThis problem is here to check that your language and input/output work: read from standard input, write to standard output.\n\n本题用于熟悉评测系统：从标准输入读入，向标准输出写出。',
    input: 'One line with two integers $a$ and $b$ separated by a space ($-2^{30} \\le a, b < 2^{30}$).\n\n一行，两个以空格分隔的整数 $a$ 和 $b$。',
    output: 'One line with the integer $a + b$.\n\n一行，输出 $a + b$ 的值。',
    examples: [
      { input: '1 2\n', output: '3\n' },
      { input: '-5 3\n', output: '-2\n' },
    ],
    hint: 'The sum fits in a 32-bit signed integer.\n\n和在 32 位有符号整数范围内。',
    source: 'Realtime OJ',
    tags: ['Beginner'],
    cases: [
      { input: '1 2\n', output: '3\n', score: 20 },
      { input: '-5 3\n', output: '-2\n', score: 20 },
      { input: '0 0\n', output: '0\n', score: 20 },
      { input: '1073741823 1073741823\n', output: '2147483646\n', score: 20 },
      { input: '-1073741824 -1073741824\n', output: '-2147483648\n', score: 20 },
    ],
  },
  {
    problemId: '1001',
    title: 'Sum of a List',
    type: 1,
    timeLimit: 1000,
    memoryLimit: 256,
    difficulty: 0,
    description:
      'Given $n$ integers, print their sum. Each of the 10 test cases is worth 10 points.\n\n给定 $n$ 个整数，输出它们的和。共 10 个测试点，每个 10 分。',
    input:
      'The first line holds $n$ ($1 \\le n \\le 1000$). The second line holds $n$ integers $x_i$ ($|x_i| \\le 10^6$).\n\n第一行一个整数 $n$，第二行 $n$ 个整数。',
    output: 'One line with the sum.\n\n一行，输出它们的和。',
    examples: [
      { input: '3\n1 2 3\n', output: '6\n' },
      { input: '2\n-7 4\n', output: '-3\n' },
    ],
    hint: null,
    source: 'Realtime OJ',
    tags: ['Beginner', 'Math'],
    cases: listSumCases(),
  },
  {
    problemId: '1002',
    title: 'Counting Primes',
    type: 0,
    timeLimit: 200,
    memoryLimit: 256,
    difficulty: 1,
    description:
      'Count the prime numbers not greater than $n$. The time limit is tight: testing every number by trial division is too slow, a sieve is fast enough.\n\n统计不超过 $n$ 的质数个数。时限很紧：逐个试除会超时，使用筛法即可通过。',
    input: 'One integer $n$ ($1 \\le n \\le 5 \\times 10^6$).\n\n一个整数 $n$。',
    output: 'The number of primes $p \\le n$.\n\n输出不超过 $n$ 的质数个数。',
    examples: [
      { input: '10\n', output: '4\n' },
      { input: '1000\n', output: '168\n' },
    ],
    hint: 'Sieve of Eratosthenes. 埃拉托斯特尼筛法。',
    source: 'Realtime OJ',
    tags: ['Math', 'Number Theory'],
    cases: PRIME_COUNTS.map(([n, c]) => ({ input: `${n}\n`, output: `${c}\n`, score: 0 })),
  },
];
