// The remote judges' accounts as the switch config shows and saves them (parallel username and password lists per
// site; passwords are never sent back: the lists come back as empty strings, and an empty password keeps the stored
// one), and the per-site status panel of the admin dashboard.
import { ACCOUNT_SITE_OF, OjError, REMOTE_ACCOUNT_SITES, REMOTE_OJS, type RemoteAccountLists, type RemoteJudgeStatus } from '@oj/proto';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import { listAccounts, replaceAccounts, siteActivity } from './remote-judge.repo';


export interface RemoteAccountsService {
  /** `<site>UsernameList` and `<site>PasswordList` (all '') for every site. */
  lists(): Promise<RemoteAccountLists>;
  /** Saves the sites whose username list is in `body`; other sites are left as they are. */
  save(body: RemoteAccountLists): Promise<void>;
  /** Accounts (no passwords) and, per remote judge, last verdict, queue and failing accounts. */
  status(): Promise<RemoteJudgeStatus>;
}

/** The dashboard's remote panel: accounts (no passwords) and, per remote judge, last verdict, queue, failing accounts. */
export async function remoteJudgeStatus(db: DbOrTx, now = Date.now()): Promise<RemoteJudgeStatus> {
  const rows = await listAccounts(db);
  const { last, queue } = await siteActivity(db);
  const accounts = rows.map((r) => ({ site: r.site, username: r.username, failing: r.failing, lastError: r.lastError, busy: r.busyUntil !== null && r.busyUntil.getTime() > now }));
  const sites = REMOTE_OJS.map((oj) => {
    const mine = accounts.filter((a) => a.site === ACCOUNT_SITE_OF[oj]);
    return { oj, lastSuccess: last.get(oj)?.getTime() ?? null, queue: queue.get(oj) ?? 0, accounts: mine.length, failingAccounts: mine.filter((a) => a.failing).map((a) => a.username) };
  });
  return { sites, accounts };
}

export function createRemoteAccountsService(ctx: ServiceContext): RemoteAccountsService {
  return {
    async lists() {
      const rows = await listAccounts(ctx.db);
      const out: RemoteAccountLists = {};
      for (const site of REMOTE_ACCOUNT_SITES) {
        const mine = rows.filter((r) => r.site === site);
        out[`${site}UsernameList` as const] = mine.map((r) => r.username);
        out[`${site}PasswordList` as const] = mine.map(() => '');
      }
      return out;
    },

    async save(body) {
      await ctx.db.transaction(async (tx) => {
        for (const site of REMOTE_ACCOUNT_SITES) {
          const names = body[`${site}UsernameList` as const];
          if (!names) continue;
          const passwords = body[`${site}PasswordList` as const] ?? [];
          if (passwords.length > names.length) throw new OjError('VALIDATION_FAILED', { detail: `${site}PasswordList is longer than ${site}UsernameList` });
          const accounts = names.map((username, i) => ({ username: username.trim(), password: passwords[i] ?? '' }));
          if (new Set(accounts.map((a) => a.username)).size !== accounts.length) throw new OjError('VALIDATION_FAILED', { detail: `${site}UsernameList has a name twice` });
          const missing = await replaceAccounts(tx, site, accounts);
          if (missing.length > 0) throw new OjError('VALIDATION_FAILED', { detail: `the new ${site} account ${missing[0]} needs a password` });
        }
      });
    },

    status: () => remoteJudgeStatus(ctx.db),
  };
}
