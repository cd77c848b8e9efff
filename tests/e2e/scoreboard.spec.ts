// Contest boards and contest-day tools in real browsers against the whole stack: a contestant's verdict reaches the
// admin's AC helper and both boards live (no reload) within a second of the verdict; prints are pushed to the admin;
// under a seal the contestant sees only a pending try while the admin's forced live board shows the verdict; and an
// ended sealed contest's scroll board, run to the end with the keyboard, ends on the final board's order.
import type { Page } from '@playwright/test';
import { api, apiLogin, createContest, generateFeed, importFeed, registerUser, solve, WRONG_C } from './contest-fixtures';
import { expect, login as loginUi, loginAsRoot, setCode, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

/** Notes in the page the moment (epoch ms) `selector` first matches. */
async function stampWhen(page: Page, name: string, selector: string): Promise<void> {
  await page.evaluate(
    ([n, sel]) => {
      const w = window as unknown as { __stamps?: Record<string, number> };
      w.__stamps ??= {};
      const check = () => {
        if (w.__stamps![n] === undefined && document.querySelector(sel)) w.__stamps![n] = Date.now();
      };
      check();
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
    },
    [name, selector] as const,
  );
}
const stamp = (page: Page, name: string) => page.evaluate((n) => (window as unknown as { __stamps?: Record<string, number> }).__stamps?.[n] ?? null, name);

/** Counts the REST reloads of the boards and of the AC helper. */
function countReloads(page: Page): { readonly count: number } {
  let n = 0;
  page.on('request', (r) => {
    const u = r.url();
    if (u.includes('/api/get-contest-rank') || u.includes('/api/get-contest-outside-scoreboard') || u.includes('/api/get-contest-ac-info')) n++;
  });
  return {
    get count() {
      return n;
    },
  };
}

const cellSel = (uid: string, cls: string) => `[data-testid="board-row"][data-uid="${uid}"]:not([data-pinned]) [data-testid="board-cell"][data-pid="A"][data-cls="${cls}"]`;

test('a verdict reaches the AC helper and both boards live within a second; prints are pushed to the admin', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const suffix = Date.now() % 100000;
  const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
  const alice = await registerUser(request, root.token, `sbalice${suffix}`);
  const cid = await createContest(request, root.token, `Live boards ${suffix}`);

  const ctxRoot = await browser.newContext();
  const ctxUser = await browser.newContext();
  try {
    const helper = await ctxRoot.newPage();
    await loginAsRoot(helper);
    await helper.goto(`/contest/${cid}/ac-info`);
    await expect(helper.getByTestId('acinfo-tab')).toBeVisible();
    const adminBoard = await ctxRoot.newPage();
    await adminBoard.goto(`/contest/${cid}/rank`);
    await expect(adminBoard.getByTestId('scoreboard')).toHaveAttribute('data-view', 'public');
    // The outside board, as a visitor would open it, in the contestant's browser.
    await loginUi(await ctxUser.newPage(), alice.username, alice.password);
    const userBoard = await ctxUser.newPage();
    await userBoard.goto(`/contest/${cid}/rank`);
    await expect(userBoard.getByTestId('scoreboard')).toHaveAttribute('data-sealed', 'false');
    const userProblem = await ctxUser.newPage();
    await userProblem.goto(`/contest/${cid}/problem/A`);
    await expect(userProblem.getByTestId('problem-title')).toContainText('A.');

    await stampWhen(helper, 'acinfo', `[data-testid="acinfo-row"][data-username="${alice.username}"]`);
    await stampWhen(adminBoard, 'board', cellSel(alice.uid, 'first-ac'));
    await stampWhen(userBoard, 'board', cellSel(alice.uid, 'first-ac'));
    await stampWhen(userProblem, 'verdict', '[data-testid="verdict-status"][data-status="0"]');
    const reloads = [countReloads(helper), countReloads(adminBoard), countReloads(userBoard)];

    await userProblem.getByTestId('language-select').selectOption('C');
    await setCode(userProblem, template('C'));
    await userProblem.getByTestId('submit-code').click();
    await expect(userProblem.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 60_000 });

    await expect(helper.getByTestId('acinfo-row')).toHaveCount(1, { timeout: 5000 });
    await expect(userBoard.locator(cellSel(alice.uid, 'first-ac'))).toBeVisible({ timeout: 5000 });
    await expect(adminBoard.locator(cellSel(alice.uid, 'first-ac'))).toBeVisible({ timeout: 5000 });
    const verdictAt = (await stamp(userProblem, 'verdict'))!;
    for (const [page, name] of [
      [helper, 'acinfo'],
      [adminBoard, 'board'],
      [userBoard, 'board'],
    ] as const) {
      const at = (await stamp(page, name))!;
      expect(Math.abs(at - verdictAt), `${name} in ${page === helper ? 'helper' : 'a board'}`).toBeLessThan(1000);
    }
    // Pushed, not reloaded.
    expect(reloads.map((r) => r.count)).toEqual([0, 0, 0]);

    // The row as the product draws it: rank 1, one AC, the minute of the AC, first blood, the balloon's AC/total.
    const row = userBoard.locator(`[data-testid="board-row"][data-uid="${alice.uid}"]:not([data-pinned])`);
    await expect(row).toHaveAttribute('data-rank', '1');
    await expect(row.getByTestId('board-ac')).toHaveText('1');
    await expect(userBoard.getByTestId('board-problem-head').first()).toContainText('1/1');
    const acRow = helper.getByTestId('acinfo-row').first();
    await expect(acRow).toHaveAttribute('data-checked', 'false');
    await expect(acRow).toContainText(/First Blood|一血/);
    await acRow.getByTestId('acinfo-check').click();
    await expect(acRow).toHaveAttribute('data-checked', 'true');
    await helper.reload();
    await expect(helper.getByTestId('acinfo-row').first()).toHaveAttribute('data-checked', 'true');

    // Print: the form's rules, then the request appears in the admin's print list without a reload.
    await helper.goto(`/contest/${cid}/admin-print`);
    await expect(helper.getByTestId('admin-print-tab')).toBeVisible();
    await userProblem.goto(`/contest/${cid}/print`);
    await userProblem.getByTestId('print-submit').click();
    await expect(userProblem.getByTestId('print-error')).toHaveText(/Content cannot be empty|打印内容不能为空/);
    await userProblem.getByTestId('print-content').fill('x'.repeat(49));
    await userProblem.getByTestId('print-submit').click();
    await expect(userProblem.getByTestId('print-error')).toHaveText(/cannot be less than 50|不能少于 50/);
    await userProblem.getByTestId('print-content').fill(`int main() { return 0; } // ${'y'.repeat(40)}`);
    await userProblem.getByTestId('print-submit').click();
    await expect(userProblem.getByTestId('print-done')).toBeVisible();
    const printRow = helper.locator(`[data-testid="print-row"][data-username="${alice.username}"]`);
    await expect(printRow).toHaveAttribute('data-status', '0', { timeout: 5000 });
    const download = helper.waitForEvent('download');
    await printRow.getByTestId('print-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.txt$/);
    await printRow.getByTestId('print-ok').click();
    await expect(printRow).toHaveAttribute('data-status', '1');
  } finally {
    await ctxRoot.close();
    await ctxUser.close();
  }
});

test('under the seal the contestant sees a pending try while the forced live board shows the verdict', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const suffix = Date.now() % 100000;
  const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
  const bob = await registerUser(request, root.token, `sbbob${suffix}`);
  const start = new Date(Date.now() - 2 * 60_000);
  // Sealed from the start: every verdict of this contest is hidden from the public board.
  const cid = await createContest(request, root.token, `Sealed board ${suffix}`, { startTime: start.toISOString(), sealRank: true, sealRankTime: start.toISOString() });

  const ctxRoot = await browser.newContext();
  const ctxUser = await browser.newContext();
  try {
    const admin = await ctxRoot.newPage();
    await loginAsRoot(admin);
    await admin.goto(`/contest/${cid}/rank`);
    await expect(admin.getByTestId('scoreboard')).toHaveAttribute('data-sealed', 'true');
    await admin.getByTestId('board-force-update').check();
    await expect(admin.getByTestId('scoreboard')).toHaveAttribute('data-view', /^live/);
    await expect(admin.getByTestId('scoreboard')).toHaveAttribute('data-sealed', 'false');

    await loginUi(await ctxUser.newPage(), bob.username, bob.password);
    const user = await ctxUser.newPage();
    await user.goto(`/contest/${cid}/rank`);
    await expect(user.getByTestId('scoreboard')).toHaveAttribute('data-sealed', 'true');
    await expect(user.getByTestId('board-sealed')).toBeVisible();
    // The outside board of a visitor is sealed too.
    const ctxVisitor = await browser.newContext();
    const visitor = await ctxVisitor.newPage();
    await visitor.goto(`/contest/acm-scoreboard/${cid}`);
    await expect(visitor.getByTestId('scoreboard')).toHaveAttribute('data-sealed', 'true');

    expect(await solve(request, bob, cid, template('C'))).toBe(0);
    await expect(admin.locator(cellSel(bob.uid, 'first-ac'))).toBeVisible({ timeout: 5000 });
    const pending = user.locator(cellSel(bob.uid, 'try'));
    await expect(pending).toBeVisible({ timeout: 5000 });
    await expect(pending).toHaveText(/0\+1/);
    await expect(visitor.locator(cellSel(bob.uid, 'try'))).toBeVisible({ timeout: 5000 });
    // And it stays pending: nothing of the verdict reaches the sealed boards.
    await user.waitForTimeout(1500);
    await expect(user.locator(`[data-testid="board-cell"][data-cls="first-ac"], [data-testid="board-cell"][data-cls="ac"]`)).toHaveCount(0);
    await expect(user.locator(`[data-testid="board-row"][data-uid="${bob.uid}"]:not([data-pinned]) [data-testid="board-ac"]`)).toHaveText('0');
    await ctxVisitor.close();
  } finally {
    await ctxRoot.close();
    await ctxUser.close();
  }
});

test("an ended sealed contest's scroll board, run to the end with the keyboard, ends on the final board", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const suffix = Date.now() % 100000;
  const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
  const [carl, dave, erin] = [
    await registerUser(request, root.token, `sbcarl${suffix}`),
    await registerUser(request, root.token, `sbdave${suffix}`),
    await registerUser(request, root.token, `sberin${suffix}`),
  ];
  const start = new Date(Date.now() - 5 * 60_000);
  const cid = await createContest(request, root.token, `Scroll board ${suffix}`, { startTime: start.toISOString(), sealRank: true, sealRankTime: start.toISOString() });

  // Under the seal: erin and carl fail first, then carl and dave solve A.
  expect(await solve(request, erin!, cid, WRONG_C)).toBe(-1);
  expect(await solve(request, carl!, cid, WRONG_C)).toBe(-1);
  expect(await solve(request, carl!, cid, template('C'))).toBe(0);
  expect(await solve(request, dave!, cid, template('C'))).toBe(0);

  // End the contest now (the board stays sealed: no automatic unseal).
  await new Promise((r) => setTimeout(r, 1100));
  const c = await api<Record<string, unknown>>(request, root.token, 'GET', `/admin/contest?cid=${cid}`);
  const keys = ['id', 'title', 'description', 'type', 'auth', 'startTime', 'sealRank', 'sealRankTime', 'autoRealRank', 'visible', 'openPrint', 'openRank', 'rankShowName', 'allowEndSubmit', 'starAccount', 'awardType', 'awardConfigList', 'oiRankScoreType'];
  const body: Record<string, unknown> = Object.fromEntries(keys.filter((k) => c[k] !== null && c[k] !== undefined).map((k) => [k, c[k]]));
  await api(request, root.token, 'PUT', '/admin/contest', { ...body, endTime: new Date().toISOString() });

  const final = await api<{ records: { uid: string }[] }>(request, root.token, 'POST', '/get-contest-rank', { cid, currentPage: 1, limit: 100, forceRefresh: true });
  const finalOrder = final.records.map((r) => r.uid).filter((u, i, all) => all.lastIndexOf(u) === i);
  expect(finalOrder).toEqual([dave!.uid, carl!.uid, erin!.uid]);

  const ctxRoot = await browser.newContext();
  try {
    const admin = await ctxRoot.newPage();
    await loginAsRoot(admin);
    await admin.goto(`/contest/${cid}/scroll-board`);
    await expect(admin.getByTestId('scroll-setup-tab')).toBeVisible();
    await expect(admin.getByTestId('scroll-setup-tab')).toContainText('3');
    await admin.getByTestId('scroll-setup-gold').fill('1');
    const popup = ctxRoot.waitForEvent('page');
    await admin.getByTestId('scroll-setup-start').click();
    const board = await popup;
    await board.waitForLoadState();
    expect(board.url()).toContain(`/scroll-board?cid=${cid}&removeStar=false&medals%5B%5D=1`);
    const root$ = board.getByTestId('scroll-board');
    await expect(root$).toHaveAttribute('data-done', 'false');
    await expect(board.getByTestId('scroll-row')).toHaveCount(3);
    // Sealed start: nothing solved, every attempt pending.
    await expect(board.locator('[data-testid="scroll-cell"][data-state="pending"]')).toHaveCount(3);

    const order = async () =>
      (await board.getByTestId('scroll-row').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-index')), e.getAttribute('data-uid')] as const)))
        .sort((a, b) => a[0] - b[0])
        .map(([, uid]) => uid);
    let sawMedal = false;
    for (let i = 0; i < 40 && (await root$.getAttribute('data-done')) !== 'true'; i++) {
      await board.keyboard.press(i % 2 === 0 ? 'Enter' : 'ArrowRight');
      if ((await root$.getAttribute('data-step')) === 'medal') {
        sawMedal = true;
        await expect(board.getByTestId('scroll-medal')).toBeVisible();
      }
    }
    await expect(root$).toHaveAttribute('data-done', 'true');
    expect(sawMedal).toBe(true);
    expect(await order()).toEqual(finalOrder);
    await expect(board.locator('[data-testid="scroll-cell"][data-state="pending"]')).toHaveCount(0);

    // Home starts the ceremony again from the sealed board.
    await board.keyboard.press('Home');
    await expect(root$).toHaveAttribute('data-done', 'false');
    await expect(board.locator('[data-testid="scroll-cell"][data-state="pending"]')).toHaveCount(3);
  } finally {
    await ctxRoot.close();
  }
});

// Issue 13, point 8 (defects 1, 10, 11).
test('a contestant sees their own row once, highlighted in place, and the total counts every team once @i13', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const suffix = Date.now() % 100000;
  const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
  const [fay, gus] = [await registerUser(request, root.token, `sbfay${suffix}`), await registerUser(request, root.token, `sbgus${suffix}`)];
  const cid = await createContest(request, root.token, `Own row ${suffix}`);
  expect(await solve(request, fay!, cid, template('C'))).toBe(0);
  expect(await solve(request, gus!, cid, WRONG_C)).toBe(-1);

  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await loginUi(page, gus!.username, gus!.password);
    await page.goto(`/contest/${cid}/rank?l=en-US`);
    await expect(page.locator(`[data-testid="board-row"][data-uid="${fay!.uid}"]`)).toHaveCount(1);
    const mine = page.locator(`[data-testid="board-row"][data-uid="${gus!.uid}"]`);
    await expect(mine).toHaveCount(1);
    await expect(mine).toHaveAttribute('data-mine', 'true');
    await expect(mine).toHaveAttribute('data-rank', '2');
    await expect(page.getByTestId('board-row')).toHaveCount(2);
    await expect(page.getByTestId('board-pager')).toContainText('Total 2');
  } finally {
    await ctx.close();
  }
});

test('an imported 13-problem board at 1920 px uses the full width: every problem column and whole team names in view @i13', async ({ browser, request }) => {
  const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
  const cid = await importFeed(request, root.token, generateFeed(13, 40));
  const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const page = await ctx.newPage();
    await loginAsRoot(page);
    await page.goto(`/contest/${cid}/rank?l=en-US`);
    const table = page.getByTestId('board-table');
    await expect(page.getByTestId('board-row').first()).toBeVisible();
    const box = (await table.boundingBox())!;
    expect(box.width).toBeGreaterThan(1800);
    const heads = await table.locator('[data-testid="board-problem-head"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    expect(heads).toHaveLength(13);
    // Every problem column ends inside the table's visible box (no sideways scrolling needed).
    for (const right of heads) expect(right).toBeLessThanOrEqual(box.x + box.width);
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Names are whole, and the board shows more than the 14 teams it used to.
    const names = await table.getByTestId('board-name').evaluateAll((els) => els.map((e) => [e.textContent, e.scrollWidth, e.clientWidth] as const));
    expect(names.length).toBeGreaterThan(16);
    for (const [text, scroll, client] of names) expect(scroll, String(text)).toBeLessThanOrEqual(client);
    const visibleRows = await table.getByTestId('board-row').evaluateAll((els, bottom) => els.filter((e) => e.getBoundingClientRect().bottom <= bottom).length, box.y + box.height);
    expect(visibleRows).toBeGreaterThan(14);
  } finally {
    await ctx.close();
  }
});

test('the scroll board gives team names the room there is: whole names at 1920 px, ellipsis only on a narrow screen @i13', async ({ browser, request }) => {
  const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
  const cid = await importFeed(request, root.token, generateFeed(13, 20));
  for (const [width, whole] of [
    [1920, true],
    [900, false],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width, height: 1000 } });
    try {
      const page = await ctx.newPage();
      // The feed's board is still frozen: its scroll board data is for the contest's admins (docs/security.md).
      await loginAsRoot(page);
      await page.goto(`/scroll-board?cid=${cid}&removeStar=false&l=en-US`);
      const names = page.getByTestId('scroll-name');
      await expect(names.first()).toBeVisible();
      const sizes = await names.evaluateAll((els) => els.map((e) => [e.scrollWidth, e.clientWidth, e.getBoundingClientRect().width] as const));
      for (const [scroll, client, w] of sizes) {
        if (whole) {
          expect(scroll).toBeLessThanOrEqual(client);
          expect(w).toBeGreaterThan(170);
        } else expect(client).toBeGreaterThan(0);
      }
      if (!whole) expect(await names.first().evaluate((e) => getComputedStyle(e).textOverflow)).toBe('ellipsis');
    } finally {
      await ctx.close();
    }
  }
});
