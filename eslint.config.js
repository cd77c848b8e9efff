// Lint for the whole workspace. The `no-restricted-imports` blocks enforce the dependency
// direction of the packages: web → proto, judge-runner → proto, gateway → services → proto.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const ours = ['@oj/proto', '@oj/services', '@oj/gateway', '@oj/judge-runner', '@oj/web', '@oj/infra'];
const onlyMay = (allowed) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ours.filter((p) => !allowed.includes(p)).flatMap((p) => [p, `${p}/*`]),
          message: 'This import breaks the dependency direction of the packages (docs/architecture.md).',
        },
        { group: ['../../*/src/*', '../../../*/src/*'], message: 'Import other packages by their @oj/ name.' },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/drizzle/meta/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['proto/**'], rules: onlyMay([]) },
  { files: ['services/**'], rules: onlyMay(['@oj/proto']) },
  { files: ['gateway/**'], rules: onlyMay(['@oj/proto', '@oj/services']) },
  { files: ['judge-runner/**'], rules: onlyMay(['@oj/proto']) },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...onlyMay(['@oj/proto']),
      // Without a locale these format in the browser's language, not the page's (an en-US date in the zh-CN admin).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[arguments.length=0] > MemberExpression.callee > Identifier.property[name=/^toLocale(Date|Time)?String$/]",
          message: 'Dates: formatDateTime (web/src/lib/format.ts) or react-intl, in the page\'s language.',
        },
      ],
    },
  },
);
