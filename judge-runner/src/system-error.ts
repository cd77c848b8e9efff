// The System Error final event: for jobs that fail for reasons of ours (infrastructure), never the user's.
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { JudgeStatus } from '@oj/proto';
import type { FinalEvent } from './judge';

/** The part of a job needed to attribute a result, readable even when the rest of the job is malformed. */
const JobHead = Type.Object({ submitId: Type.Integer({ minimum: 1 }), version: Type.Integer({ minimum: 1 }) });

export function readJobHead(raw: unknown): { submitId: number; version: number } | null {
  return Value.Check(JobHead, raw) ? { submitId: raw.submitId, version: raw.version } : null;
}

export function systemErrorFinal(head: { submitId: number; version: number }, judger: string, message: string): FinalEvent {
  return {
    kind: 'final',
    submitId: head.submitId,
    version: head.version,
    judger,
    status: JudgeStatus.SYSTEM_ERROR,
    score: null,
    time: null,
    memory: null,
    errorMessage: message,
    cases: [],
  };
}
