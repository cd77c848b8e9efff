// Remote judging: the sites whose problems are judged on the site itself, the display-id prefix that names them,
// their language lists, and the contracts of importing a remote problem and of the remote accounts.
import { Type, type Static } from '@sinclair/typebox';
import { REMOTE_OJ_KEYS } from './constants';

/** The remote judges of the original product, by the key its API uses (`name` of import, `oj` of the problem list). */
export const REMOTE_OJS = REMOTE_OJ_KEYS;
export type RemoteOj = (typeof REMOTE_OJS)[number];

export function isRemoteOj(s: string): s is RemoteOj {
  return (REMOTE_OJS as readonly string[]).includes(s);
}

/** `CF-1A` → { oj: 'CF', problemId: '1A' }; null for a local display id. */
export function parseRemoteProblemId(displayId: string): { oj: RemoteOj; problemId: string } | null {
  const dash = displayId.indexOf('-');
  if (dash <= 0) return null;
  const oj = displayId.slice(0, dash).toUpperCase();
  const problemId = displayId.slice(dash + 1);
  return isRemoteOj(oj) && problemId.length > 0 ? { oj, problemId } : null;
}

/** The account lists each site keeps in the switch config (GYM uses Codeforces' accounts, as in the original). */
export const REMOTE_ACCOUNT_SITES = ['hdu', 'cf', 'poj', 'atcoder', 'spoj', 'libreoj'] as const;
export type RemoteAccountSite = (typeof REMOTE_ACCOUNT_SITES)[number];

export const ACCOUNT_SITE_OF: Record<RemoteOj, RemoteAccountSite> = {
  HDU: 'hdu',
  CF: 'cf',
  GYM: 'cf',
  POJ: 'poj',
  SPOJ: 'spoj',
  AC: 'atcoder',
  LIBRE: 'libreoj',
};

const OjKey = Type.Union(REMOTE_OJS.map((o) => Type.Literal(o)));
const RemoteId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' });

/** `GET /api/admin/problem/import-remote-oj-problem`. */
export const ImportRemoteProblemQuery = Type.Object({ name: OjKey, problemId: RemoteId });
export type ImportRemoteProblemQuery = Static<typeof ImportRemoteProblemQuery>;

const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** `GET /api/admin/training/import-remote-oj-problem`: imported (or the bank's copy taken) and added to training `tid`. */
export const ImportRemoteTrainingProblemQuery = Type.Object({ name: OjKey, problemId: RemoteId, tid: RowId });
export type ImportRemoteTrainingProblemQuery = Static<typeof ImportRemoteTrainingProblemQuery>;
/** `GET /api/admin/contest/import-remote-oj-problem`: imported (or the bank's copy taken) and added to contest `cid` as `displayId`. */
export const ImportRemoteContestProblemQuery = Type.Object({
  name: OjKey,
  problemId: RemoteId,
  cid: RowId,
  displayId: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type ImportRemoteContestProblemQuery = Static<typeof ImportRemoteContestProblemQuery>;

/** One remote account as the admin edits it; an empty password keeps the stored one. Passwords never go back out. */
const Names = Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }));
const Passwords = Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 }));
export const RemoteAccountLists = Type.Object({
  hduUsernameList: Names,
  hduPasswordList: Passwords,
  cfUsernameList: Names,
  cfPasswordList: Passwords,
  pojUsernameList: Names,
  pojPasswordList: Passwords,
  atcoderUsernameList: Names,
  atcoderPasswordList: Passwords,
  spojUsernameList: Names,
  spojPasswordList: Passwords,
  libreojUsernameList: Names,
  libreojPasswordList: Passwords,
});
export type RemoteAccountLists = Static<typeof RemoteAccountLists>;

/** The state of one remote account for admins (no password). */
export const RemoteAccountStatus = Type.Object({
  site: Type.String(),
  username: Type.String(),
  /** Set aside after a failed login: not used until an admin saves the account again. */
  failing: Type.Boolean(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  busy: Type.Boolean(),
});
export type RemoteAccountStatus = Static<typeof RemoteAccountStatus>;

/** The dashboard's panel of one site. */
export const RemoteSiteStatus = Type.Object({
  oj: Type.String(),
  /** When the site last gave a verdict (epoch ms), null if never. */
  lastSuccess: Type.Union([Type.Integer(), Type.Null()]),
  /** Remote submissions of this site still in progress. */
  queue: Type.Integer(),
  accounts: Type.Integer(),
  failingAccounts: Type.Array(Type.String()),
});
export type RemoteSiteStatus = Static<typeof RemoteSiteStatus>;

export interface RemoteLanguage {
  name: string;
  /** CodeMirror mode of the editor, from which an online test maps back to a local language. */
  contentType: string;
}

const C = 'text/x-csrc';
const CPP = 'text/x-c++src';
const JAVA = 'text/x-java';
const PY = 'text/x-python';
const CS = 'text/x-csharp';
const PAS = 'text/x-pascal';
const lang = (contentType: string) => (name: string) => ({ name, contentType });

/** The seeded language lists of the remote judges (hoj-rules.md §7), by the `oj` of the language table. */
export const REMOTE_LANGUAGES: Record<RemoteOj, readonly RemoteLanguage[]> = {
  HDU: [lang(C)('GCC'), lang(CPP)('G++'), lang(CPP)('C++'), lang(C)('C'), lang(PAS)('Pascal'), lang(JAVA)('Java'), lang(CS)('C#')],
  CF: [
    lang(C)('GNU GCC C11 5.1.0'),
    lang(CPP)('GNU G++14 6.4.0'),
    lang(CPP)('GNU G++17 7.3.0'),
    lang(CPP)('GNU G++20 11.2.0 (64 bit, winlibs)'),
    lang(CPP)('Clang++17 Diagnostics'),
    lang(CPP)('Microsoft Visual C++ 2017'),
    lang(CS)('C# Mono 6.8'),
    lang(CS)('C# 8, .NET Core 3.1'),
    lang('text/x-d')('D DMD32 v2.091.0'),
    lang('text/x-go')('Go 1.19.5'),
    lang('text/x-haskell')('Haskell GHC 8.10.1'),
    lang(JAVA)('Java 1.8.0_241'),
    lang(JAVA)('Java 11.0.6'),
    lang('text/x-kotlin')('Kotlin 1.7.20'),
    lang('text/x-ocaml')('OCaml 4.02.1'),
    lang(PAS)('Delphi 7'),
    lang(PAS)('Free Pascal 3.0.2'),
    lang(PAS)('PascalABC.NET 3.4.2'),
    lang('text/x-perl')('Perl 5.20.1'),
    lang('text/x-php')('PHP 8.1.7'),
    lang(PY)('Python 2.7.18'),
    lang(PY)('Python 3.8.10'),
    lang(PY)('PyPy 2.7.13 (7.3.0)'),
    lang(PY)('PyPy 3.6.9 (7.3.0)'),
    lang('text/x-ruby')('Ruby 3.0.0'),
    lang('text/x-rustsrc')('Rust 1.66.0 (2021)'),
    lang('text/x-scala')('Scala 2.12.8'),
    lang('text/javascript')('JavaScript V8 4.8.0'),
    lang('text/javascript')('Node.js 12.16.3'),
  ],
  GYM: [],
  POJ: [lang(CPP)('G++'), lang(C)('GCC'), lang(JAVA)('Java'), lang(PAS)('Pascal'), lang(CPP)('C++'), lang(C)('C'), lang('text/x-fortran')('Fortran')],
  SPOJ: [lang(C)('C (gcc 10.2.1)'), lang(CPP)('C++14 (gcc 10.2.1)'), lang(CPP)('C++17 (gcc 10.2.1)'), lang(JAVA)('Java (HotSpot 15)'), lang(PY)('Python 3 (python 3.9.2)'), lang(PAS)('Pascal (fpc 3.2.0)')],
  AC: [lang(C)('C (GCC 9.2.1)'), lang(CPP)('C++ (GCC 9.2.1)'), lang(JAVA)('Java (OpenJDK 11.0.6)'), lang(PY)('Python (3.8.2)'), lang(PY)('PyPy3 (7.3.0)'), lang('text/x-rustsrc')('Rust (1.42.0)')],
  LIBRE: [
    lang(C)('C (GCC 9)'),
    lang(C)('C (Clang 10)'),
    lang(CPP)('C++ (GCC 9)'),
    lang(CPP)('C++ (Clang 10)'),
    lang(JAVA)('Java'),
    lang('text/x-kotlin')('Kotlin'),
    lang(PAS)('Pascal'),
    lang(PY)('Python 2.7'),
    lang(PY)('Python 3.9'),
    lang(PY)('Python 3.10'),
    lang('text/x-rustsrc')('Rust 2015'),
    lang('text/x-rustsrc')('Rust 2018'),
    lang('text/x-rustsrc')('Rust 2021'),
    lang('text/x-go')('Go'),
    lang(CS)('C# 7.3'),
    lang(CS)('C# 9'),
  ],
};

/** The language table's `oj` of a site's languages (GYM shares Codeforces' list). */
export const languageOjOf = (oj: RemoteOj): RemoteOj => (oj === 'GYM' ? 'CF' : oj);

/** `GET /api/admin/remote-judge/status`, and the dashboard's remote panel (its snapshot and `dashboard.live`). */
export const RemoteJudgeStatus = Type.Object({ sites: Type.Array(RemoteSiteStatus), accounts: Type.Array(RemoteAccountStatus) });
export type RemoteJudgeStatus = Static<typeof RemoteJudgeStatus>;
