// The editor panel: language select, the tools (last accepted code, upload, settings), CodeMirror, reset and
// submit. The last language is remembered per problem and a draft per problem and language; the settings per user.
// Bracket closing and re-indent on input are off so a pasted/filled program arrives verbatim (CodeEditor.tsx).
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { LIMITS, type ProblemInfo, type Submission, type TaskRef } from '@oj/proto';
import { ApiError } from '../../lib/api';
import { languagesState } from '../../stores/languages';
import { isLoggedIn, sessionState } from '../../stores/session';
import { applyRow } from '../submission/useLiveSubmission';
import { openLoginDialog, showToast } from '../../stores/ui';
import { loadSavedCode, saveCode, templateFor, useLanguageMode } from './editor-language';
import { loadDraft, loadEditorSettings, saveDraft, saveEditorSettings, type EditorSettings } from './editor-prefs';
import { CodeEditor } from './CodeEditor';
import { EditorTools } from './EditorTools';
import { OnlineTestDrawer } from './OnlineTestDrawer';
import { submitCode } from './problem-api';

/** A problem opened inside a contest: submits go to the contest under its display id. */
export interface ContestProblemRef {
  cid: number;
  displayId: string;
}

interface Props {
  info: ProblemInfo;
  contest?: ContestProblemRef;
  /** Opened inside this group: submits and online tests are the group's. */
  gid?: number;
  /** A problem opened inside a training: practice submits filed under the training (`tid`). */
  trainingId?: number;
  /** A problem opened inside a course's homework or exam: submits filed under it. */
  task?: TaskRef;
  onSubmitted: (s: Submission) => void;
  /** A failed submit hides the previous status panel. */
  onSubmitFailed: () => void;
}

export function CodeEditorPanel({ info, contest, gid, trainingId, task, onSubmitted, onSubmitFailed }: Props) {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const langs = useSnapshot(languagesState);
  const problemId = info.problem.problemId;
  // Code is remembered per problem, and separately per contest problem.
  const codeKey = contest ? `contest-${contest.cid}-${contest.displayId}` : problemId;
  const names = info.languages;

  const uid = session.user?.uid ?? null;
  const startingCode = (lang: string) => loadDraft(codeKey, lang) ?? templateFor(lang, info.codeTemplate, languagesState.list);
  const initial = useMemo(() => {
    const saved = loadSavedCode(codeKey);
    const language = saved && names.includes(saved.language) ? saved.language : (names[0] ?? '');
    const code = loadDraft(codeKey, language) ?? (saved && saved.language === language ? saved.code : templateFor(language, info.codeTemplate, languagesState.list));
    return { language, code };
  }, [codeKey, names, info.codeTemplate]);
  const [settings, setSettings] = useState<EditorSettings>(() => loadEditorSettings(uid));
  useEffect(() => setSettings(loadEditorSettings(uid)), [uid]);
  const changeSettings = (s: EditorSettings) => {
    setSettings(s);
    saveEditorSettings(uid, s);
  };

  const [language, setLanguage] = useState(initial.language);
  const [code, setCode] = useState(initial.code);
  const [busy, setBusy] = useState(false);

  // Another problem in the same panel (moving along a contest's problem bar): its language and code replace these
  // while rendering, before anything is drawn or saved, so one problem's code is never saved under another's key.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setLanguage(initial.language);
    setCode(initial.code);
  }

  // Saved in the task that draws the edit (a layout effect): a reload or a closed tab right after typing keeps the
  // draft. (React ran a keystroke's effects at once anyway; Preact, the runtime, runs them in a later task:
  // docs/architecture.md, "The UI runtime".)
  useLayoutEffect(() => {
    if (!language) return;
    saveCode(codeKey, { language, code });
    saveDraft(codeKey, language, code);
  }, [codeKey, language, code]);

  // The language mode loads once the rest of the editor has (it needs the same parts), after the editor is editable.
  const [extrasLoaded, setExtrasLoaded] = useState(false);
  const extensions = useLanguageMode(language, langs.list, extrasLoaded);

  const changeLanguage = (next: string) => {
    // Each language keeps its own draft (the template when it has none).
    setLanguage(next);
    setCode(startingCode(next));
  };

  const reset = () => {
    if (window.confirm(intl.formatMessage({ id: 'problem.editor.resetConfirm' }))) {
      setCode(templateFor(language, info.codeTemplate, languagesState.list));
    }
  };

  const submit = async () => {
    if (!isLoggedIn(sessionState)) {
      showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
      openLoginDialog('login');
      return;
    }
    if (code.trim() === '') {
      showToast('error', intl.formatMessage({ id: 'error.CODE_EMPTY' }));
      return;
    }
    if (code.length > LIMITS.codeMax) {
      showToast('error', intl.formatMessage({ id: 'error.CODE_TOO_LONG' }));
      return;
    }
    setBusy(true);
    try {
      const submission = await submitCode(
        contest
          ? { pid: contest.displayId, language, code, cid: contest.cid }
          : { pid: problemId, language, code, cid: 0, ...(gid !== undefined && { gid }), ...(trainingId !== undefined && { tid: trainingId }), ...task },
      );
      applyRow(submission);
      showToast('success', intl.formatMessage({ id: 'problem.editor.submitted' }));
      onSubmitted(submission);
    } catch (e) {
      onSubmitFailed();
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-3 py-2">
        <label className="flex items-center gap-2 text-sm text-slate-600">
          <FormattedMessage id="problem.editor.language" />
          <select
            data-testid="language-select"
            className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
            value={language}
            onChange={(e) => changeLanguage(e.target.value)}
          >
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span className="ml-auto" />
        <EditorTools
          lastAc={session.csrf ? { pid: info.problem.id, cid: contest?.cid ?? 0 } : null}
          settings={settings}
          onSettings={changeSettings}
          onCode={(next, lang) => {
            if (lang && names.includes(lang)) setLanguage(lang);
            setCode(next);
          }}
        />
        <button
          type="button"
          data-testid="editor-reset"
          onClick={reset}
          className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-600 hover:border-blue-400 hover:text-blue-600"
        >
          <FormattedMessage id="problem.editor.reset" />
        </button>
      </div>
      <div className="min-h-[360px] flex-1" style={{ fontSize: `${settings.fontSize}px` }} data-testid="code-editor" data-theme={settings.theme} data-font-size={settings.fontSize}>
        <CodeEditor
          value={code}
          height="420px"
          theme={settings.theme}
          tabSize={settings.tabSize}
          extensions={extensions}
          onChange={setCode}
          onExtrasLoaded={() => setExtrasLoaded(true)}
        />
      </div>
      <div className="flex items-center justify-end gap-3 border-t border-slate-100 px-3 py-2">
        <span className="mr-auto">
          <OnlineTestDrawer problemId={problemId} type={gid !== undefined ? 'group' : 'public'} task={task} language={language} code={code} sampleInput={info.problem.examples[0]?.input} />
        </span>
        {!session.csrf && (
          <span className="text-xs text-slate-400">
            <FormattedMessage id="error.AUTH_NOT_LOGGED_IN" />
          </span>
        )}
        <button
          type="button"
          data-testid="submit-code"
          disabled={busy || !language}
          onClick={() => void submit()}
          className="rounded bg-blue-600 px-5 py-1.5 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
        >
          <FormattedMessage id={busy ? 'problem.editor.submitting' : 'problem.editor.submit'} />
        </button>
      </div>
    </div>
  );
}
