// Folds the parsed events of a feed into its final state, checking every object where it appears (required
// fields, times, references to objects the feed has already defined, a single contest and a single start),
// and turns that state into an import plan. Pure: nothing is written until the whole feed has passed.
import { absTime, bool, optBool, optNum, optStr, ref, relTime, str } from './feed-fields';
import { FeedError, feedId, parseRelTime, type FeedEvent, type FeedObject, type HandledType, type ParsedFeed } from './parser';
import { statusOfJudgementType } from './verdicts';

/** Penalty minutes of our ACM board (CONTEST_LIMITS.penaltyMinutes); a pass-fail feed must use the same. */
const PENALTY_MINUTES = 20;

interface FeedContest {
  id: string;
  name: string;
  formalName: string | null;
  startMs: number | null;
  durationMs: number;
  freezeMs: number;
  type: 0 | 1;
  line: number;
}
interface FeedJudgementType {
  id: string;
  name: string;
  penalty: boolean;
  solved: boolean;
}
interface FeedProblem {
  id: string;
  label: string;
  name: string;
  ordinal: number | null;
  color: string | null;
  timeLimitMs: number | null;
  line: number;
}
interface FeedTeam {
  id: string;
  name: string;
  organizationId: string | null;
  groupIds: string[];
  hidden: boolean;
}
interface FeedSubmission {
  id: string;
  teamId: string;
  problemId: string;
  languageId: string | null;
  contestTimeMs: number;
  line: number;
}
interface FeedJudgement {
  id: string;
  submissionId: string;
  typeId: string | null;
  valid: boolean;
  score: number | null;
  maxRunTimeS: number | null;
  /** Line of the event that last set this judgement (later verdicts supersede earlier ones). */
  line: number;
}
/** The event types that are collections of objects with ids (the contest and the state are singletons). */
type Collection = Exclude<HandledType, 'contest' | 'state'>;
type StateKey = 'started' | 'frozen' | 'ended' | 'thawed' | 'finalized' | 'end_of_updates';
const STATE_KEYS: readonly StateKey[] = ['started', 'frozen', 'ended', 'thawed', 'finalized', 'end_of_updates'];

/** What the importer writes: one contest, its problems, one user per shown team, one record per submission. */
export interface ImportPlan {
  contest: {
    externalId: string;
    title: string;
    /** 0 ACM (pass-fail), 1 OI (score). */
    type: 0 | 1;
    startTime: Date;
    endTime: Date;
    durationS: number;
    sealRank: boolean;
    sealRankTime: Date | null;
    autoRealRank: boolean;
  };
  /** In board order (ordinal, then feed order). */
  problems: { externalId: string; label: string; name: string; color: string | null; timeLimitMs: number | null }[];
  /** Teams shown on the board (hidden teams and teams of hidden groups left out). */
  teams: { externalId: string; name: string; school: string | null }[];
  records: {
    teamId: string;
    label: string;
    /** Null while the feed has no valid judgement for it (pending). */
    status: number | null;
    /** Whole seconds from the start (0 before it). */
    time: number;
    submitTime: Date;
    score: number | null;
    useTime: number | null;
    language: string | null;
    externalId: string;
  }[];
  /** Submissions left out with their hidden team. */
  skippedHidden: number;
}

/** Folds the feed's events and checks them; the final state becomes an import plan. */
export class FeedValidator {
  private contest: FeedContest | null = null;
  private readonly judgementTypes = new Map<string, FeedJudgementType>();
  private readonly languages = new Map<string, string>();
  private readonly problems = new Map<string, FeedProblem>();
  private readonly groups = new Map<string, boolean>();
  private readonly organizations = new Map<string, string>();
  private readonly teams = new Map<string, FeedTeam>();
  private readonly submissions = new Map<string, FeedSubmission>();
  private readonly judgements = new Map<string, FeedJudgement>();
  private readonly state: Record<StateKey, number | null> = { started: null, frozen: null, ended: null, thawed: null, finalized: null, end_of_updates: null };

  apply(ev: FeedEvent): void {
    if (ev.type === 'contest') return this.applyContest(ev);
    if (ev.type === 'state') return this.applyState(ev);
    if (Array.isArray(ev.data)) {
      // A whole collection: what is not in it is deleted.
      const keep = new Set<string>();
      for (const obj of ev.data) {
        const id = feedId(obj.id);
        if (id === null) throw new FeedError(ev.line, `missing field "id" in a ${ev.type} element`);
        keep.add(id);
        this.upsert(ev.type, id, obj, ev.line);
      }
      const map = this.mapOf(ev.type);
      for (const id of [...map.keys()]) if (!keep.has(id)) map.delete(id);
      return;
    }
    if (ev.data === null) {
      const map = this.mapOf(ev.type);
      if (!map.delete(ev.id!)) throw new FeedError(ev.line, `delete of unknown ${ev.type} "${ev.id}"`);
      return;
    }
    this.upsert(ev.type, ev.id!, ev.data, ev.line);
  }

  private mapOf(type: Collection): Map<string, unknown> {
    const maps: Record<Collection, Map<string, unknown>> = {
      'judgement-types': this.judgementTypes,
      languages: this.languages,
      problems: this.problems,
      groups: this.groups,
      organizations: this.organizations,
      teams: this.teams,
      submissions: this.submissions,
      judgements: this.judgements,
    };
    return maps[type];
  }

  private upsert(type: Collection, id: string, o: FeedObject, line: number): void {
    switch (type) {
      case 'judgement-types':
        this.judgementTypes.set(id, { id, name: str(o, 'name', line), penalty: bool(o, 'penalty', line), solved: bool(o, 'solved', line) });
        return;
      case 'languages':
        this.languages.set(id, str(o, 'name', line));
        return;
      case 'problems': {
        const label = str(o, 'label', line).trim();
        if (label.length > 20) throw new FeedError(line, `problem label "${label.slice(0, 30)}" is longer than 20 characters`);
        for (const p of this.problems.values()) {
          if (p.id !== id && p.label === label) throw new FeedError(line, `problem label "${label}" is used by problem "${p.id}" already`);
        }
        const rgb = optStr(o, 'rgb', line);
        const color = optStr(o, 'color', line);
        const tl = optNum(o, 'time_limit', line);
        const previous = this.problems.get(id);
        this.problems.set(id, {
          id,
          label,
          name: str(o, 'name', line),
          ordinal: optNum(o, 'ordinal', line),
          color: (rgb ?? color)?.slice(0, 30) ?? null,
          timeLimitMs: tl !== null && tl > 0 ? Math.min(Math.round(tl * 1000), 3_600_000) : null,
          line: previous?.line ?? line,
        });
        return;
      }
      case 'groups':
        this.groups.set(id, optBool(o, 'hidden', line) ?? false);
        return;
      case 'organizations':
        this.organizations.set(id, (optStr(o, 'formal_name', line) ?? str(o, 'name', line)).slice(0, 255));
        return;
      case 'teams': {
        const organizationId = o.organization_id === undefined || o.organization_id === null ? null : ref(o, 'organization_id', line);
        if (organizationId !== null && !this.organizations.has(organizationId)) throw new FeedError(line, `team "${id}" refers to unknown organization "${organizationId}"`);
        const rawGroups = o.group_ids;
        if (rawGroups !== undefined && rawGroups !== null && !Array.isArray(rawGroups)) throw new FeedError(line, '"group_ids" must be an array');
        const groupIds = (rawGroups ?? []).map((g: unknown) => {
          const gid = feedId(g);
          if (gid === null || !this.groups.has(gid)) throw new FeedError(line, `team "${id}" refers to unknown group ${JSON.stringify(g).slice(0, 40)}`);
          return gid;
        });
        const name = (optStr(o, 'display_name', line) ?? str(o, 'name', line)).slice(0, 255);
        this.teams.set(id, { id, name, organizationId, groupIds, hidden: optBool(o, 'hidden', line) ?? false });
        return;
      }
      case 'submissions': {
        const teamId = ref(o, 'team_id', line);
        if (!this.teams.has(teamId)) throw new FeedError(line, `submission "${id}" refers to unknown team "${teamId}"`);
        const problemId = ref(o, 'problem_id', line);
        if (!this.problems.has(problemId)) throw new FeedError(line, `submission "${id}" refers to unknown problem "${problemId}"`);
        const languageId = o.language_id === undefined || o.language_id === null ? null : ref(o, 'language_id', line);
        if (languageId !== null && this.languages.size > 0 && !this.languages.has(languageId)) {
          throw new FeedError(line, `submission "${id}" refers to unknown language "${languageId}"`);
        }
        const contestTimeMs = relTime(o, 'contest_time', line, true)!;
        this.submissions.set(id, { id, teamId, problemId, languageId, contestTimeMs, line });
        return;
      }
      case 'judgements': {
        const submissionId = ref(o, 'submission_id', line);
        if (!this.submissions.has(submissionId)) throw new FeedError(line, `judgement "${id}" refers to unknown submission "${submissionId}"`);
        const typeId = o.judgement_type_id === undefined || o.judgement_type_id === null ? null : ref(o, 'judgement_type_id', line);
        if (typeId !== null && !this.judgementTypes.has(typeId)) throw new FeedError(line, `judgement "${id}" refers to unknown judgement type "${typeId}"`);
        const valid = (optBool(o, 'valid', line) ?? true) && (optBool(o, 'current', line) ?? true);
        this.judgements.set(id, { id, submissionId, typeId, valid, score: optNum(o, 'score', line), maxRunTimeS: optNum(o, 'max_run_time', line), line });
        return;
      }
    }
  }

  private applyContest(ev: FeedEvent): void {
    const line = ev.line;
    if (ev.data === null || Array.isArray(ev.data)) throw new FeedError(line, 'the contest cannot be deleted');
    const o = ev.data;
    const id = ref(o, 'id', line);
    if (this.contest && this.contest.id !== id) throw new FeedError(line, `a second contest "${id}" (the feed is for contest "${this.contest.id}")`);
    const durationMs = relTime(o, 'duration', line, true)!;
    if (durationMs <= 0) throw new FeedError(line, '"duration" must be positive');
    const freezeMs = relTime(o, 'scoreboard_freeze_duration', line, false) ?? 0;
    if (freezeMs < 0 || freezeMs > durationMs) throw new FeedError(line, '"scoreboard_freeze_duration" must lie between 0 and the duration');
    const boardType = o.scoreboard_type ?? 'pass-fail';
    if (boardType !== 'pass-fail' && boardType !== 'score') throw new FeedError(line, `unknown scoreboard_type ${JSON.stringify(boardType).slice(0, 30)}`);
    const penalty = o.penalty_time;
    if (boardType === 'pass-fail' && penalty !== undefined && penalty !== null) {
      const minutes = typeof penalty === 'number' ? penalty : (parseRelTime(penalty) ?? NaN) / 60_000;
      if (!Number.isFinite(minutes)) throw new FeedError(line, `"penalty_time" is neither minutes nor a relative time: ${JSON.stringify(penalty).slice(0, 30)}`);
      if (minutes !== PENALTY_MINUTES) throw new FeedError(line, `penalty_time of ${minutes} minutes is not supported (the board counts ${PENALTY_MINUTES})`);
    }
    const startMs = absTime(o, 'start_time', line);
    const started = this.state.started;
    if (started !== null && startMs !== null && startMs !== started && startMs !== this.contest?.startMs) {
      throw new FeedError(line, `a second start: the contest started at ${new Date(started).toISOString()} already`);
    }
    this.contest = {
      id,
      name: str(o, 'name', line),
      formalName: optStr(o, 'formal_name', line),
      startMs,
      durationMs,
      freezeMs,
      type: boardType === 'score' ? 1 : 0,
      line,
    };
  }

  private applyState(ev: FeedEvent): void {
    const line = ev.line;
    if (ev.data === null || Array.isArray(ev.data)) throw new FeedError(line, 'the state cannot be deleted');
    for (const key of STATE_KEYS) {
      const t = absTime(ev.data, key, line);
      if (key === 'started' && t !== null && this.state.started !== null && t !== this.state.started) {
        throw new FeedError(line, `a second start: the contest started at ${new Date(this.state.started).toISOString()} already`);
      }
      // A time once set stays (a later null does not un-start or un-thaw a contest).
      if (t !== null) this.state[key] = t;
    }
  }

  /** The import plan of the folded feed; `lineCount` is reported for problems of the whole feed. */
  plan(lineCount: number): ImportPlan {
    const c = this.contest;
    if (!c) throw new FeedError(lineCount, 'the feed has no contest');
    const startMs = this.state.started ?? c.startMs;
    if (startMs === null) throw new FeedError(c.line, 'the contest has no start_time and the feed never started it');
    const durationS = Math.floor(c.durationMs / 1000);
    if (durationS <= 0) throw new FeedError(c.line, '"duration" must be at least one second');
    const endMs = startMs + durationS * 1000;
    const sealRank = c.freezeMs > 0;

    const problems = [...this.problems.values()].sort((a, b) => (a.ordinal ?? Infinity) - (b.ordinal ?? Infinity) || a.line - b.line);
    const hiddenGroups = new Set([...this.groups].filter(([, hidden]) => hidden).map(([id]) => id));
    const shown = [...this.teams.values()].filter((t) => !t.hidden && !t.groupIds.some((g) => hiddenGroups.has(g)));
    const shownIds = new Set(shown.map((t) => t.id));

    const { records, skippedHidden } = this.records(c.type, startMs, shownIds);

    return {
      contest: {
        externalId: c.id,
        title: (c.formalName?.trim() || c.name).slice(0, 255),
        type: c.type,
        startTime: new Date(startMs),
        endTime: new Date(endMs),
        durationS,
        sealRank,
        sealRankTime: sealRank ? new Date(Math.max(startMs, endMs - c.freezeMs)) : null,
        // The resolver (our scroll board) reveals a frozen board; only a feed that was thawed shows its final
        // board publicly after the end.
        autoRealRank: this.state.thawed !== null,
      },
      problems: problems.map((p) => ({ externalId: p.id, label: p.label, name: p.name.slice(0, 255), color: p.color, timeLimitMs: p.timeLimitMs })),
      teams: shown.map((t) => ({
        externalId: t.id,
        name: t.name,
        school: t.organizationId === null ? null : (this.organizations.get(t.organizationId) ?? null),
      })),
      records,
      skippedHidden,
    };
  }

  /** The verdict of each submission: its last valid, finished judgement in feed order. */
  private verdicts(): Map<string, FeedJudgement> {
    const verdict = new Map<string, FeedJudgement>();
    for (const j of this.judgements.values()) {
      if (!j.valid || j.typeId === null || !this.judgementTypes.has(j.typeId)) continue;
      const prev = verdict.get(j.submissionId);
      if (!prev || j.line > prev.line) verdict.set(j.submissionId, j);
    }
    return verdict;
  }

  /** One record per submission of a shown team, in contest-time order; those of hidden teams only counted. */
  private records(type: 0 | 1, startMs: number, shownIds: Set<string>): Pick<ImportPlan, 'records' | 'skippedHidden'> {
    const verdict = this.verdicts();
    let skippedHidden = 0;
    const records: ImportPlan['records'] = [];
    const subs = [...this.submissions.values()].sort((a, b) => a.contestTimeMs - b.contestTimeMs || a.line - b.line);
    for (const s of subs) {
      const problem = this.problems.get(s.problemId);
      if (!problem || !this.teams.has(s.teamId)) continue; // deleted later in the feed
      if (!shownIds.has(s.teamId)) {
        skippedHidden++;
        continue;
      }
      const j = verdict.get(s.id);
      const jt = j ? this.judgementTypes.get(j.typeId!)! : null;
      const status = jt ? statusOfJudgementType(jt) : null;
      let score: number | null = null;
      if (type === 1 && jt) score = Math.max(0, Math.round(j!.score ?? (jt.solved ? 100 : 0)));
      records.push({
        teamId: s.teamId,
        label: problem.label,
        status,
        time: Math.max(0, Math.floor(s.contestTimeMs / 1000)),
        submitTime: new Date(startMs + s.contestTimeMs),
        score,
        useTime: j?.maxRunTimeS != null ? Math.min(Math.round(j.maxRunTimeS * 1000), 2_147_483_647) : null,
        language: s.languageId === null ? null : (this.languages.get(s.languageId) ?? s.languageId),
        externalId: s.id,
      });
    }
    return { records, skippedHidden };
  }
}

/** Checks the whole parsed feed and returns what to import; throws FeedError at the first problem. */
export function validateFeed(feed: ParsedFeed): ImportPlan {
  const v = new FeedValidator();
  for (const ev of feed.events) v.apply(ev);
  return v.plan(feed.lineCount);
}
