// The contest's problem tab follows my verdicts while it is open: a submission judged meanwhile (here sent over REST,
// as from another tab) turns my column and the problem's counts without a reload.
import { api, apiLogin, createContest, registerUser, WRONG_C } from './contest-fixtures';
import { expect, login, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

const SUM_C = '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);return 0;}\n';

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`the problem tab shows my verdicts as they come, without a reload (${locale})`, async ({ page, request }) => {
    const suffix = `${Date.now() % 100000}${zh ? 'z' : 'e'}`;
    const { token } = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    const cid = await createContest(request, token, `E2E Live Problems ${suffix}`);
    const me = await registerUser(request, token, `lp${suffix}`);
    await login(page, me.username, me.password);
    await page.goto(`/contest/${cid}/problems?l=${locale}`);
    const row = page.getByTestId('contest-problem-row').filter({ has: page.locator('td', { hasText: /^A$/ }) });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('contest-problem-table').getByRole('columnheader', { name: zh ? '总提交' : 'Total' })).toBeVisible();
    await expect(row.getByTestId('contest-problem-status')).toHaveCount(0);
    const cells = row.locator('td');
    await expect(cells.nth(3)).toHaveText('0');
    await expect(cells.nth(4)).toHaveText('0');

    const submit = (code: string) => api(request, me.token, 'POST', '/submit-problem-judge', { pid: 'A', cid, language: 'C', code });
    await submit(WRONG_C);
    await expect(row.getByTestId('contest-problem-status')).toHaveAttribute('data-kind', 'tried', { timeout: 60_000 });
    await expect(cells.nth(4)).toHaveText('1');
    await submit(SUM_C);
    const solved = row.getByTestId('contest-problem-status');
    await expect(solved).toHaveAttribute('data-kind', 'ac', { timeout: 60_000 });
    await expect(solved).toHaveAttribute('title', zh ? '已通过' : 'Solved');
    await expect(cells.nth(3)).toHaveText('1');
    await expect(cells.nth(4)).toHaveText('2');
  });
}
