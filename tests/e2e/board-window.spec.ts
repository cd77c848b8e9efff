// A 500-row board, in both languages: the board tab reads only a window of it (never the whole board), the
// virtualised list reads further rows as it scrolls, and while real verdicts arrive (live contestants solving a
// problem, judged by the runner, pushed as coalesced deltas) the rows shown at every place equal the server's board.
// The 500 teams' earlier results are written into the tables (board-seed.ts); the verdicts during the test are real.
import type { Page } from '@playwright/test';
import { seedBoardRows } from './board-seed';
import { api, apiLogin, createContest, registerUser, type Account } from './contest-fixtures';
import { expect, login as loginUi, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

const ROW_H = 52;
const TEAMS = 500;

interface ServerRow {
  uid: string;
  rank: number;
}

/** The rows on screen with their place in the list (the virtual list positions each row at place × row height). */
async function shownRows(page: Page): Promise<{ place: number; uid: string; rank: string }[]> {
  return page.getByTestId('board-row').evaluateAll((els, h) =>
    els
      .filter((e) => !e.hasAttribute('data-pinned'))
      .map((e) => {
        const m = /translateY\((\d+)px\)/.exec((e.parentElement as HTMLElement).style.transform);
        return { place: Math.round(Number(m?.[1] ?? -1) / h), uid: e.getAttribute('data-uid')!, rank: e.getAttribute('data-rank')! };
      }),
    ROW_H,
  );
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`a 500-row board scrolled while verdicts arrive shows the server's rows at every place (${lang})`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const suffix = `${Date.now() % 100000}${lang === 'zh-CN' ? 'z' : 'e'}`;
    const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    // A running contest with 500 teams' earlier results on A (many ties), then two live contestants.
    const cid = await createContest(request, root.token, `Big board ${suffix}`, { startTime: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    await seedBoardRows(cid, TEAMS, `bw${suffix}_`);
    const solvers: Account[] = [await registerUser(request, root.token, `bwa${suffix}`), await registerUser(request, root.token, `bwb${suffix}`)];
    const server = async (): Promise<ServerRow[]> => (await api<{ records: ServerRow[] }>(request, root.token, 'POST', '/get-contest-rank', { cid, currentPage: 1, limit: 5000 })).records;

    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await ctx.addCookies([{ name: 'lang', value: lang, domain: '127.0.0.1', path: '/' }]);
    try {
      const page = await ctx.newPage();
      // Window reads over REST and over the socket (`board.window`, once the socket is connected). Socket.IO starts
      // on HTTP long-polling and upgrades to a WebSocket, so a socket read is either a WebSocket frame or one packet
      // of a polling POST (engine.io joins a POST's packets with the record separator \x1e).
      const reads: { offset?: number; limit?: number; via: 'rest' | 'socket' }[] = [];
      const socketReads = (payload: string): void => {
        for (const packet of payload.split('\x1e')) {
          const m = /^42\d*(\["board\.window".*)$/.exec(packet);
          if (m) reads.push({ ...(JSON.parse(m[1]!) as [string, { offset?: number; limit?: number }])[1], via: 'socket' });
        }
      };
      page.on('request', (r) => {
        if (r.url().includes('/api/get-contest-rank')) reads.push({ ...(JSON.parse(r.postData() ?? '{}') as { offset?: number; limit?: number }), via: 'rest' });
        else if (r.url().includes('/socket.io/') && r.method() === 'POST') socketReads(r.postData() ?? '');
      });
      page.on('websocket', (ws) => ws.on('framesent', (f) => typeof f.payload === 'string' && socketReads(f.payload)));
      await loginUi(page, 'root', E2E_ADMIN_PASSWORD);
      await page.goto(`/contest/${cid}/rank`);
      await expect(page.getByTestId('board-row').first()).toBeVisible();
      await expect(page.locator('[role="columnheader"]').first()).toHaveText(lang === 'zh-CN' ? '排名' : 'Rank');
      await page.getByTestId('board-page-size').selectOption('all');
      await expect(page.getByTestId('board-pager')).toContainText(lang === 'zh-CN' ? `共 ${TEAMS} 条` : `Total ${TEAMS}`);
      // Only windows were read: never the whole board.
      expect(reads.length).toBeGreaterThan(0);
      for (const r of reads) {
        expect(r.offset).toBeDefined();
        expect(r.limit!).toBeLessThanOrEqual(300);
      }

      const table = page.getByTestId('board-table');
      /** Scrolls to a fraction of the board, waits for the rows to be loaded, and compares them with the server's. */
      const check = async (fraction: number, note: string) => {
        await table.evaluate((el, f) => (el.scrollTop = f * (el.scrollHeight - el.clientHeight)), fraction);
        await expect(page.getByTestId('board-row-loading')).toHaveCount(0, { timeout: 10_000 });
        await expect
          .poll(
            async () => {
              const rows = await server();
              const shown = await shownRows(page);
              const wrong = shown.filter((s) => rows[s.place]?.uid !== s.uid || String(rows[s.place]?.rank) !== s.rank);
              return shown.length > 5 && wrong.length === 0 ? 'same' : `${note}: ${wrong.length} of ${shown.length} rows differ`;
            },
            { timeout: 15_000 },
          )
          .toBe('same');
      };

      // Verdicts arrive while the list is scrolled: two contestants solve A early in the contest (rows shift down).
      const judged = Promise.all(
        solvers.map(async (who, i) => {
          const sub = await api<{ submitId: number }>(request, who.token, 'POST', '/submit-problem-judge', { pid: 'A', cid, language: 'C', code: template('C') });
          await expect
            .poll(async () => (await api<{ submission: { status: number } }>(request, who.token, 'GET', `/get-submission-detail?submitId=${sub.submitId}`)).submission.status, { timeout: 90_000 })
            .toBe(0);
          return i;
        }),
      );
      for (const [i, fraction] of [0.5, 1, 0.2, 0.8, 0].entries()) await check(fraction, `scroll ${i}`);
      await judged;
      // Both solvers are on the board now (pushed, the list reads the places it shows).
      await expect.poll(async () => (await server()).length).toBe(TEAMS + 2);
      await expect(page.getByTestId('board-pager')).toContainText(lang === 'zh-CN' ? `共 ${TEAMS + 2} 条` : `Total ${TEAMS + 2}`, { timeout: 10_000 });
      for (const [i, fraction] of [1, 0.6, 0].entries()) await check(fraction, `after the verdicts, scroll ${i}`);
      // With the socket up, the scrolls read their windows over it; every read was a window.
      expect(reads.filter((r) => r.via === 'socket').length).toBeGreaterThan(0);
      for (const r of reads) expect([r.offset !== undefined, r.limit! <= 300]).toEqual([true, true]);
      const bottom = (await server()).slice(-3).map((r) => r.uid);
      await table.evaluate((el) => (el.scrollTop = el.scrollHeight));
      for (const uid of bottom) await expect(page.locator(`[data-testid="board-row"][data-uid="${uid}"]`)).toBeVisible();
    } finally {
      await ctx.close();
    }
  });
}
