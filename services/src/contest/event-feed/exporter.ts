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

type Line = { type: string; id: string | null; data: unknown };

/** The NDJSON text of contest `c` at `now` (ms). */
export async function exportContestFeed(db: DbOrTx, c: ContestRow, now = Date.now()): Promise<string> {
  const startMs = c.startTime.getTime();
  const endMs = c.endTime.getTime();
  const out: Line[] = [];
  const rel = (ms: number) => formatRelTime(ms - startMs);

  const sealMs = c.sealRank ? (c.sealRankTime?.getTime() ?? startMs) : null;
  out.push({
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
  });
  for (const jt of EXPORT_JUDGEMENT_TYPES) out.push({ type: 'judgement-types', id: jt.id, data: jt });

  const allRecs = await exportRecords(db, c.id);

  // Problems in display order.
  const cps = await exportProblems(db, c.id);
  const problemIds = new Map<string, string>();
  const usedProblemIds = new Set<string>();
  cps.forEach((p, i) => {
    const id = isClicsId(p.displayId) && !usedProblemIds.has(p.displayId) ? p.displayId : slugId(p.displayId, `p${p.id}`, usedProblemIds);
    usedProblemIds.add(id);
    problemIds.set(p.displayId, id);
    const rgb = p.color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(p.color) ? p.color : null;
    out.push({
      type: 'problems',
      id,
      data: { id, label: p.displayId, name: p.displayTitle, ordinal: i + 1, color: p.color ?? null, rgb, time_limit: p.timeLimit / 1000 },
    });
  });

  // Records of problems no longer in the contest are not on the board either.
  const recs = allRecs.filter((r) => problemIds.has(r.displayId));

  // Languages by name.
  const languageIds = new Map<string, string>();
  const usedLanguageIds = new Set<string>();
  for (const r of recs) {
    const name = r.language ?? 'Unknown';
    if (!languageIds.has(name)) languageIds.set(name, slugId(name, 'lang', usedLanguageIds));
  }
  for (const [name, id] of languageIds) out.push({ type: 'languages', id, data: { id, name, entry_point_required: false, extensions: [] } });

  // Groups: everyone is a participant; star accounts are observers (shown, unranked by us).
  const star = new Set(c.starAccount);
  out.push({ type: 'groups', id: 'participants', data: { id: 'participants', name: 'Participants' } });
  if (star.size > 0) out.push({ type: 'groups', id: 'observers', data: { id: 'observers', name: 'Observers' } });

  // Teams: every user with a record, organizations from their schools.
  const teams = new Map<string, (typeof recs)[number]>();
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
    const id = isClicsId(t.username) && !usedTeamIds.has(t.username) ? t.username : slugId(`u-${t.uid}`, 'team', usedTeamIds);
    usedTeamIds.add(id);
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

  // Timeline: state changes, submissions and their judgements in time order.
  type Timed = { at: number; order: number; lines: Line[] };
  const timeline: Timed[] = [];
  const started = now >= startMs;
  const ended = now >= endMs;
  const frozen = sealMs !== null && now >= sealMs ? sealMs : null;
  const thawed = ended && sealMs !== null && c.autoRealRank ? endMs : null;
  const pending = recs.some((r) => judgementTypeOfStatus(r.status) === null);
  const finalized = ended && !pending ? Math.max(endMs, now) : null;
  const state = (upTo: number) => ({
    started: started && startMs <= upTo ? formatAbsTime(startMs) : null,
    frozen: frozen !== null && frozen <= upTo ? formatAbsTime(frozen) : null,
    ended: ended && endMs <= upTo ? formatAbsTime(endMs) : null,
    thawed: thawed !== null && thawed <= upTo ? formatAbsTime(thawed) : null,
    finalized: finalized !== null && finalized <= upTo ? formatAbsTime(finalized) : null,
    end_of_updates: finalized !== null && finalized <= upTo ? formatAbsTime(finalized) : null,
  });
  if (started) timeline.push({ at: startMs, order: 0, lines: [{ type: 'state', id: null, data: state(startMs) }] });
  if (frozen !== null && frozen > startMs) timeline.push({ at: frozen, order: 0, lines: [{ type: 'state', id: null, data: state(frozen) }] });
  if (ended) timeline.push({ at: endMs, order: 0, lines: [{ type: 'state', id: null, data: state(endMs) }] });

  const usedSubmissionIds = new Set<string>();
  for (const r of recs) {
    const at = r.submitTime.getTime();
    const wanted = r.externalId ?? String(r.submitId ?? r.id);
    const id = isClicsId(wanted) && !usedSubmissionIds.has(wanted) ? wanted : slugId(`r-${r.id}`, 'r', usedSubmissionIds);
    usedSubmissionIds.add(id);
    const lines: Line[] = [
      {
        type: 'submissions',
        id,
        data: {
          id,
          language_id: languageIds.get(r.language ?? 'Unknown')!,
          problem_id: problemIds.get(r.displayId)!,
          team_id: teamIds.get(r.uid)!,
          time: formatAbsTime(at),
          contest_time: rel(at),
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
          start_contest_time: rel(at),
          end_time: formatAbsTime(at),
          end_contest_time: rel(at),
          max_run_time: r.useTime === null ? null : r.useTime / 1000,
        },
      });
    }
    timeline.push({ at, order: 1, lines });
  }
  timeline.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const t of timeline) out.push(...t.lines);
  if (finalized !== null) out.push({ type: 'state', id: null, data: state(finalized) });

  return out.map((l) => JSON.stringify(l)).join('\n') + '\n';
}
