// Judgement types of a CLICS feed ↔ our judge statuses. On import the type's own `solved` and `penalty` flags
// decide how the verdict counts on the board (so the imported board is the feed's board); its id only picks
// the closest status inside that class. On export each status becomes the standard id of the same meaning.
import { JudgeStatus } from '@oj/proto';

export interface JudgementTypeLike {
  id: string;
  penalty: boolean;
  solved: boolean;
}

const TLE_IDS = new Set(['TLE', 'TCO', 'TWA', 'TPE', 'TEO', 'TIO', 'TNO', 'WTL']);
const RTE_IDS = new Set(['RTE', 'RCO', 'RWA', 'RPE', 'REO', 'RIO', 'RNO', 'OLE']);
const CE_IDS = new Set(['CE', 'CTL']);

/**
 * Our status for a feed judgement type: solved → Accepted; penalised → WA, TLE, MLE, RE (also for OLE and the
 * run-time variants) or PE by id, anything else penalised (NO, EO, IO, a penalised CE…) → WA; not penalised →
 * Compile Error for CE/CTL, Partial Accepted for PA, otherwise System Error (JE, SE, CS…: not counted).
 */
export function statusOfJudgementType(jt: JudgementTypeLike): number {
  const id = jt.id.toUpperCase();
  if (jt.solved) return JudgeStatus.ACCEPTED;
  if (jt.penalty) {
    if (TLE_IDS.has(id)) return JudgeStatus.TIME_LIMIT_EXCEEDED;
    if (RTE_IDS.has(id)) return JudgeStatus.RUNTIME_ERROR;
    if (id === 'MLE') return JudgeStatus.MEMORY_LIMIT_EXCEEDED;
    if (id === 'PE') return JudgeStatus.PRESENTATION_ERROR;
    return JudgeStatus.WRONG_ANSWER;
  }
  if (CE_IDS.has(id)) return JudgeStatus.COMPILE_ERROR;
  if (id === 'PA') return JudgeStatus.PARTIAL_ACCEPTED;
  return JudgeStatus.SYSTEM_ERROR;
}

export interface ExportedJudgementType {
  id: string;
  name: string;
  penalty: boolean;
  solved: boolean;
}

/** The judgement types an export declares, in the order they are written. */
export const EXPORT_JUDGEMENT_TYPES: readonly ExportedJudgementType[] = [
  { id: 'AC', name: 'Accepted', penalty: false, solved: true },
  { id: 'WA', name: 'Wrong Answer', penalty: true, solved: false },
  { id: 'TLE', name: 'Time Limit Exceeded', penalty: true, solved: false },
  { id: 'MLE', name: 'Memory Limit Exceeded', penalty: true, solved: false },
  { id: 'RTE', name: 'Run-Time Error', penalty: true, solved: false },
  { id: 'PE', name: 'Presentation Error', penalty: true, solved: false },
  { id: 'CE', name: 'Compile Error', penalty: false, solved: false },
  { id: 'PA', name: 'Partial Accepted', penalty: false, solved: false },
  { id: 'JE', name: 'Judging Error', penalty: false, solved: false },
];

/** The exported judgement type of a final status; null while the submission is not judged. */
export function judgementTypeOfStatus(status: number | null): string | null {
  switch (status) {
    case JudgeStatus.ACCEPTED:
      return 'AC';
    case JudgeStatus.WRONG_ANSWER:
      return 'WA';
    case JudgeStatus.TIME_LIMIT_EXCEEDED:
      return 'TLE';
    case JudgeStatus.MEMORY_LIMIT_EXCEEDED:
      return 'MLE';
    case JudgeStatus.RUNTIME_ERROR:
      return 'RTE';
    case JudgeStatus.PRESENTATION_ERROR:
      return 'PE';
    case JudgeStatus.COMPILE_ERROR:
      return 'CE';
    case JudgeStatus.PARTIAL_ACCEPTED:
      return 'PA';
    case null:
    case JudgeStatus.PENDING:
    case JudgeStatus.COMPILING:
    case JudgeStatus.JUDGING:
    case JudgeStatus.SUBMITTING:
      return null;
    default:
      // System Error, Cancelled, Submitted Failed, unknown result: not counted by the board.
      return 'JE';
  }
}
