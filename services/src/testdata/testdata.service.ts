// Test data of problems: zip upload (spooled to disk, validated, packed and put in the object store under its
// content hash, with its progress pushed to the uploader), attaching a case set to a problem (a new `caseVersion`,
// judged with from the next job on), and the zip download for admins.
import { decodePack, encodePack, isAdminRole, OjError, PackReader, TESTDATA_LIMITS, type PackEntry, type SubtaskDependency, type TestdataLimits, type UploadedCase, type UploadTestcaseQuery, type UploadTestcaseResult } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { findProblemById, problemWithCases } from '../problem/problem.repo';
import { replaceCases, type CaseFiles } from './testdata.repo';
import { sha256Hex } from './case-set';
import { spoolAndStore, type ZipBody } from './upload';
import { uploadProgress } from './upload-progress';
import { writeZip } from './zip';
import { isAdminOf } from '../group/group-standing';

export interface TestcaseZip {
  fileName: string;
  zip: Buffer;
}

export interface UploadOptions {
  /** Bytes the client announced (the request's Content-Length), the total of the `receiving` progress. */
  expectedBytes?: number;
}

export interface TestdataService {
  /** The limits uploads are held to (the zip's size bounds the request body the gateway accepts). */
  readonly limits: TestdataLimits;
  /**
   * Receives (streaming, onto disk), validates and stores an uploaded zip; with `q.pid`, also makes it that problem's
   * case set; with `q.progressKey`, pushes `testdata.progress` to the caller. Admins only (checked before a byte is read).
   */
  upload(zip: ZipBody, q: UploadTestcaseQuery, viewer: Viewer, opts?: UploadOptions): Promise<UploadTestcaseResult>;
  /** Throws AUTH_FORBIDDEN unless the caller may upload as `q` asks (checked again by `upload`). */
  mayUpload(q: UploadTestcaseQuery, viewer: Viewer): Promise<void>;
  /**
   * Makes the stored case set `version` the cases of problem `pid` (what a problem save with
   * `isUploadTestCase` and `uploadTestcaseDir` does); `cases` may override scores and groups.
   */
  attach(pid: number, version: string, cases: readonly UploadedCase[], viewer: Viewer, subtaskDependencies?: SubtaskDependency[]): Promise<void>;
  /** Stores case files read from an imported archive as a case set; answers its version. */
  storeFiles(files: readonly { name: string; data: Uint8Array }[]): Promise<string>;
  /** The case rows for stored case set `version` (every named file must be in it), for a save that attaches it itself. */
  caseFiles(version: string, cases: readonly UploadedCase[]): Promise<CaseFiles[]>;
  /** The problem's test cases as a zip: root, admins, problem admins, the problem's author, or an admin of the group it belongs to. */
  download(pid: number, viewer: Viewer): Promise<TestcaseZip>;
}

const isJudgeCaseMode = (m: string) => ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'].includes(m);

const MiB = 1024 * 1024;

/** The configured limits: the zip and total sizes from the config, the rest as in `TESTDATA_LIMITS`. */
const configuredLimits = (ctx: ServiceContext): TestdataLimits => ({
  ...TESTDATA_LIMITS,
  zipBytes: ctx.config.testdataMaxZipMb * MiB,
  totalBytes: ctx.config.testdataMaxTotalMb * MiB,
});

export function createTestdataService(ctx: ServiceContext, limitsOverride?: TestdataLimits): TestdataService {
  const { db, transport } = ctx;
  const limits = limitsOverride ?? configuredLimits(ctx);

  const store = () => {
    const put = transport.putTestdata?.bind(transport);
    const get = transport.getTestdata?.bind(transport);
    if (!put || !get) throw new OjError('SYSTEM_ERROR');
    return { put, get };
  };

  /** The manifest of stored version `version` (only the pack's first bytes are read), or null when the store lacks it. */
  async function manifestOf(version: string): Promise<PackEntry[] | null> {
    const body = transport.getTestdataStream ? await transport.getTestdataStream(version) : await store().get(version);
    if (!body) return null;
    const reader = new PackReader();
    for await (const chunk of body instanceof Uint8Array ? [body] : body) {
      reader.push(chunk);
      if (reader.manifest) return reader.manifest;
    }
    return null;
  }

  async function caseFiles(version: string, cases: readonly UploadedCase[]): Promise<CaseFiles[]> {
    let manifest: PackEntry[] | null;
    try {
      manifest = await manifestOf(version);
    } catch (err) {
      ctx.logger.error({ err, version }, 'stored test data is unreadable');
      manifest = null;
    }
    if (!manifest) throw new OjError('TESTCASE_NOT_FOUND');
    const names = new Set(manifest.map((f) => f.name));
    for (const c of cases) if (!names.has(c.input) || !names.has(c.output)) throw new OjError('TESTCASE_UNMATCHED', { name: c.input, want: c.output });
    if (cases.length === 0) throw new OjError('TESTCASE_EMPTY');
    return cases.map((c) => ({ input: c.input, output: c.output, score: c.score ?? 0, groupNum: c.groupNum ?? null }));
  }

  /** Admins upload; a group's admins too, for their group's problem form (`gid`), but attaching at once (`pid`) stays the bank's. */
  async function mayUpload(q: UploadTestcaseQuery, viewer: Viewer): Promise<void> {
    if (isAdminRole(viewer.roles)) return;
    if (q.gid === undefined || q.pid !== undefined || !(await isAdminOf(db, q.gid, viewer))) throw new OjError('AUTH_FORBIDDEN');
  }

  /** `subtaskDependencies`: info.json's, replacing the problem's (absent: the problem keeps its own). */
  async function attach(pid: number, version: string, cases: readonly UploadedCase[], viewer: Viewer, subtaskDependencies?: SubtaskDependency[]): Promise<void> {
    if (!isAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
    const files = await caseFiles(version, cases);
    if (!(await db.transaction((tx) => replaceCases(tx, pid, version, files, subtaskDependencies)))) throw new OjError('PROBLEM_NOT_FOUND');
    ctx.logger.info({ pid, version, cases: cases.length, by: viewer.username }, 'test data attached');
  }

  return {
    limits,

    mayUpload,

    async upload(zip, q, viewer, opts = {}) {
      await mayUpload(q, viewer);
      const mode = q.mode ?? 'default';
      if (!isJudgeCaseMode(mode)) throw new OjError('VALIDATION_FAILED', { detail: `mode ${mode}` });
      if (q.pid !== undefined) {
        if (!(await findProblemById(db, q.pid))) throw new OjError('PROBLEM_NOT_FOUND');
      }
      const progress = uploadProgress(ctx, viewer.uid, q.progressKey);
      try {
        const { put } = store();
        // Stored before anything refers to it, so no job ever names a version the store lacks.
        const set = await spoolAndStore(zip, { limits, mode, tmpDir: ctx.config.uploadTmpDir, expectedBytes: opts.expectedBytes, progress, put });
        if (q.pid !== undefined) await attach(q.pid, set.version, set.cases, viewer, set.subtaskDependencies);
        progress.report('done', set.bytes, set.bytes);
        ctx.logger.info({ version: set.version, bytes: set.bytes, cases: set.cases.length, by: viewer.username }, 'test data uploaded');
        return { fileList: set.cases, fileListDir: set.version, ...(q.pid !== undefined ? { caseVersion: set.version } : {}), ...(set.subtaskDependencies ? { subtaskDependencies: set.subtaskDependencies } : {}) };
      } catch (err) {
        progress.report('failed', 0, 0);
        throw err;
      } finally {
        await progress.flush();
      }
    },

    attach,
    caseFiles,

    async storeFiles(files) {
      const pack = encodePack(files);
      const version = sha256Hex(pack);
      await store().put(version, pack);
      return version;
    },

    async download(pid, viewer) {
      const found = await problemWithCases(db, pid);
      if (!found) throw new OjError('PROBLEM_NOT_FOUND');
      const { p, cases: rows } = found;
      const allowed = isAdminRole(viewer.roles) || (p.author !== null && p.author === viewer.username) || (p.isGroup && p.gid !== null && (await isAdminOf(db, p.gid, viewer)));
      if (!allowed) throw new OjError('AUTH_FORBIDDEN');
      let files: { name: string; data: Uint8Array }[];
      if (p.isUploadCase && p.caseVersion) {
        const pack = await store().get(p.caseVersion);
        if (!pack || sha256Hex(pack) !== p.caseVersion) throw new OjError('TESTCASE_NOT_FOUND');
        files = decodePack(pack);
      } else {
        // Cases kept inline (seeded problems): numbered files.
        files = rows.flatMap((c, i) => [
          { name: `${i + 1}.in`, data: Buffer.from(c.input) },
          { name: `${i + 1}.out`, data: Buffer.from(c.output) },
        ]);
      }
      if (files.length === 0) throw new OjError('TESTCASE_NOT_FOUND');
      return { fileName: `problem_${p.problemId}_testcase_${Date.now()}.zip`, zip: writeZip(files) };
    },
  };
}
