// A contest as a CLICS event feed (2023-06 notification shape `{type, id, data}`, one per line): the contest,
// judgement types, languages, problems, groups, organizations, teams, then the contest's timeline (state
// changes, submissions each followed by its judgement) in time order, and the final state. Built from the
// contest records, the board's own input, so a feed read back gives the same board.
import type { DbOrTx } from '../../db/client';
import type { ContestRow } from '../access';
import { formatAbsTime, formatRelTime } from './parser';
import { exportProblems, exportRecords } from './exporter.repo';
import { EXPORT_JUDGEMENT_TYPES, judgementTypeOfStatus } from './verdicts';

const CLICS_ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,35}$/;
const isClicsId = (s: string) => CLICS_ID.test(s) && !s.endsWith('.');

/** A valid CLICS id made from `name`, unique among `used`. */
function slugId(name: string, fallback: string, used: Set<string>): string {
  let base = name
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 30);
  if (!base) base = fallback;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/** `wanted` when it is a CLICS id not taken yet, else a slug of `name`; either way marked used. */
function ownOrSlugId(wanted: string, name: string, fallback: string, used: Set<string>): string {
  const id = isClicsId(wanted) && !used.has(wanted) ? wanted : slugId(name, fallback, used);
  used.add(id);
  return id;
}

type Line = { type: string; id: string | null; data: unknown };
type FeedRecord = Awaited<ReturnType<typeof exportRecords>>[number];
type FeedProblem = Awaited<ReturnType<typeof exportProblems>>[number];

/** The instant the board froze (the seal), null without a seal. */
const sealMsOf = (c: ContestRow) => (c.sealRank ? (c.sealRankTime?.getTime() ?? c.startTime.getTime()) : null);

function contestLine(c: ContestRow): Line {
  const startMs = c.startTime.getTime();
  const endMs = c.endTime.getTime();
  const sealMs = sealMsOf(c);
  return {
    type: 'contest',
    id: null,
    data: {
      id: `contest-${c.id}`,
      name: c.title,
      formal_name: c.title,
      start_time: formatAbsTime(startMs),
      countdown_pause_time: null,
      duration: formatRelTime(endMs - startMs),
      scoreboard_freeze_duration: formatRelTime(sealMs === null ? 0 : Math.max(0, endMs - sealMs)),
      scoreboard_type: c.type === 1 ? 'score' : 'pass-fail',
      penalty_time: 20,
    },
  };
}

/** The problems in display order; answers display id → feed id. */
function problemLines(out: Line[], cps: FeedProblem[]): Map<string, string> {
  const problemIds = new Map<string, string>();
  const used = new Set<string>();
  cps.forEach((p, i) => {
    const id = ownOrSlugId(p.displayId, p.displayId, `p${p.id}`, used);
    problemIds.set(p.displayId, id);
    const rgb = p.color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(p.color) ? p.color : null;
    out.push({
      type: 'problems',
      id,
      data: { id, label: p.displayId, name: p.displayTitle, ordinal: i + 1, color: p.color ?? null, rgb, time_limit: p.timeLimit / 1000 },
    });
  });
  return problemIds;
}

/** The languages of the records, by name; answers name → feed id. */
function languageLines(out: Line[], recs: FeedRecord[]): Map<string, string> {
  const languageIds = new Map<string, string>();
  const used = new Set<string>();
  for (const r of recs) {
    const name = r.language ?? 'Unknown';
    if (!languageIds.has(name)) languageIds.set(name, slugId(name, 'lang', used));
  }
  for (const [name, id] of languageIds) out.push({ type: 'languages', id, data: { id, name, entry_point_required: false, extensions: [] } });
  return languageIds;
}

/**
 * Groups, organizations and teams: every user with a record is a team, in the participants group, or the
 * observers group for star accounts (shown, unranked by us); organizations are their schools. Answers uid → team id.
 */
function teamLines(out: Line[], c: ContestRow, recs: FeedRecord[]): Map<string, string> {
  const star = new Set(c.starAccount);
  out.push({ type: 'groups', id: 'participants', data: { id: 'participants', name: 'Participants' } });
  if (star.size > 0) out.push({ type: 'groups', id: 'observers', data: { id: 'observers', name: 'Observers' } });

  const teams = new Map<string, FeedRecord>();
  for (const r of recs) if (!teams.has(r.uid)) teams.set(r.uid, r);
  const orgIds = new Map<string, string>();
  const usedOrgIds = new Set<string>();
  for (const t of teams.values()) {
    const school = t.school?.trim();
    if (school && !orgIds.has(school)) orgIds.set(school, slugId(`org-${orgIds.size + 1}`, 'org', usedOrgIds));
  }
  for (const [name, id] of orgIds) out.push({ type: 'organizations', id, data: { id, name, formal_name: name } });

  const teamIds = new Map<string, string>();
  const usedTeamIds = new Set<string>();
  for (const t of teams.values()) {
    const id = ownOrSlugId(t.username, `u-${t.uid}`, 'team', usedTeamIds);
    teamIds.set(t.uid, id);
    const shown = c.rankShowName === 'nickname' ? t.nickname : c.rankShowName === 'realname' ? t.realname : t.username;
    const name = shown?.trim() || t.username;
    const school = t.school?.trim();
    out.push({
      type: 'teams',
      id,
      data: {
        id,
        label: id,
        name,
        display_name: name,
        organization_id: school ? orgIds.get(school)! : null,
        group_ids: [star.has(t.username) || star.has(t.uid) ? 'observers' : 'participants'],
        hidden: false,
      },
    });
  }
  return teamIds;
}

/** The contest's state changes at `now`, and the state as of any instant up to then. */
function contestStates(c: ContestRow, recs: FeedRecord[], now: number) {
  const startMs = c.startTime.getTime();
  const endMs = c.endTime.getTime();
  const sealMs = sealMsOf(c);
  const started = now >= startMs ? startMs : null;
  const ended = now >= endMs ? endMs : null;
  const frozen = sealMs !== null && now >= sealMs ? sealMs : null;
  const thawed = ended !== null && sealMs !== null && c.autoRealRank ? endMs : null;
  const pending = recs.some((r) => judgementTypeOfStatus(r.status) === null);
  const finalized = ended !== null && !pending ? Math.max(endMs, now) : null;
  const at = (t: number | null, upTo: number) => (t !== null && t <= upTo ? formatAbsTime(t) : null);
  const state = (upTo: number) => ({
    started: at(started, upTo),
    frozen: at(frozen, upTo),
    ended: at(ended, upTo),
    thawed: at(thawed, upTo),
    finalized: at(finalized, upTo),
    end_of_updates: at(finalized, upTo),
  });
  return { started, frozen, ended, finalized, state };
}

interface FeedIds {
  problems: Map<string, string>;
  languages: Map<string, string>;
  teams: Map<string, string>;
}

/** One record as a submission line, followed by its judgement when it has a final verdict. */
function submissionLines(c: ContestRow, r: FeedRecord, id: string, ids: FeedIds): Line[] {
  const at = r.submitTime.getTime();
  const rel = formatRelTime(at - c.startTime.getTime());
  const lines: Line[] = [
    {
      type: 'submissions',
      id,
      data: {
        id,
        language_id: ids.languages.get(r.language ?? 'Unknown')!,
        problem_id: ids.problems.get(r.displayId)!,
        team_id: ids.teams.get(r.uid)!,
        time: formatAbsTime(at),
        contest_time: rel,
        entry_point: null,
        files: [],
      },
    },
  ];
  const jt = judgementTypeOfStatus(r.status);
  if (jt !== null) {
    lines.push({
      type: 'judgements',
      id,
      data: {
        id,
        submission_id: id,
        judgement_type_id: jt,
        ...(c.type === 1 ? { score: r.score ?? 0 } : {}),
        start_time: formatAbsTime(at),
        start_contest_time: rel,
        end_time: formatAbsTime(at),
        end_contest_time: rel,
        max_run_time: r.useTime === null ? null : r.useTime / 1000,
      },
    });
  }
  return lines;
}

/** The timeline: state changes, submissions and their judgements in time order, then the final state. */
function timelineLines(out: Line[], c: ContestRow, recs: FeedRecord[], ids: FeedIds, now: number): void {
  const startMs = c.startTime.getTime();
  const { started, frozen, ended, finalized, state } = contestStates(c, recs, now);
  const timeline: { at: number; order: number; lines: Line[] }[] = [];
  const stateAt = (at: number) => timeline.push({ at, order: 0, lines: [{ type: 'state', id: null, data: state(at) }] });
  if (started !== null) stateAt(started);
  if (frozen !== null && frozen > startMs) stateAt(frozen);
  if (ended !== null) stateAt(ended);

  const used = new Set<string>();
  for (const r of recs) {
    const id = ownOrSlugId(r.externalId ?? String(r.submitId ?? r.id), `r-${r.id}`, 'r', used);
    timeline.push({ at: r.submitTime.getTime(), order: 1, lines: submissionLines(c, r, id, ids) });
  }
  timeline.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const t of timeline) out.push(...t.lines);
  if (finalized !== null) out.push({ type: 'state', id: null, data: state(finalized) });
}

/** The NDJSON text of contest `c` at `now` (ms). */
export async function exportContestFeed(db: DbOrTx, c: ContestRow, now = Date.now()): Promise<string> {
  const out: Line[] = [contestLine(c)];
  for (const jt of EXPORT_JUDGEMENT_TYPES) out.push({ type: 'judgement-types', id: jt.id, data: jt });
  const allRecs = await exportRecords(db, c.id);
  const problems = problemLines(out, await exportProblems(db, c.id));
  // Records of problems no longer in the contest are not on the board either.
  const recs = allRecs.filter((r) => problems.has(r.displayId));
  const languages = languageLines(out, recs);
  const teams = teamLines(out, c, recs);
  timelineLines(out, c, recs, { problems, languages, teams }, now);
  return out.map((l) => JSON.stringify(l)).join('\n') + '\n';
}
