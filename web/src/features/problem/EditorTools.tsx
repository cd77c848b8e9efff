// The editor's tool row: fetch the last accepted code, upload a source file, and the settings popover (theme,
// font size, tab size).
import { useRef, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIMITS } from '@oj/proto';
import { getLastAcCode } from './problem-api';
import { showToast } from '../../stores/ui';
import { EDITOR_THEMES, FONT_SIZES, TAB_SIZES, type EditorSettings } from './editor-prefs';
import { takeFile } from '../../lib/file-input';

interface Props {
  /** Numeric problem id and contest (0: practice) for the last accepted code; null when logged out. */
  lastAc: { pid: number; cid: number } | null;
  settings: EditorSettings;
  onSettings: (s: EditorSettings) => void;
  /** New code (and its language, when the last accepted code is in another one the problem allows). */
  onCode: (code: string, language?: string) => void;
}

const btn = 'rounded border border-slate-300 px-2 py-1 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600';

export function EditorTools({ lastAc, settings, onSettings, onCode }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const fetchLastAc = async () => {
    if (!lastAc) return;
    const r = await getLastAcCode(lastAc.pid, lastAc.cid).catch(() => undefined);
    if (r === undefined) return;
    if (!r) return showToast('info', intl.formatMessage({ id: 'problem.editor.noAccepted' }));
    if (!window.confirm(intl.formatMessage({ id: 'problem.editor.replaceConfirm' }))) return;
    onCode(r.code, r.language);
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = takeFile(e);
    if (!f) return;
    if (f.size > LIMITS.codeMax) return showToast('error', intl.formatMessage({ id: 'error.CODE_TOO_LONG' }));
    onCode(await f.text());
  };

  const set = (patch: Partial<EditorSettings>) => onSettings({ ...settings, ...patch });
  const select = 'rounded border border-slate-300 bg-white px-1 py-0.5 text-xs';
  return (
    <div className="relative flex items-center gap-2">
      {lastAc && (
        <button type="button" className={btn} data-testid="editor-last-ac" onClick={() => void fetchLastAc()}>
          <FormattedMessage id="problem.editor.lastAc" />
        </button>
      )}
      <button type="button" className={btn} data-testid="editor-upload" onClick={() => file.current?.click()}>
        <FormattedMessage id="problem.editor.upload" />
      </button>
      <input ref={file} type="file" className="hidden" data-testid="editor-upload-file" accept=".c,.cc,.cpp,.cxx,.h,.java,.py,.js,.go,.rs,.cs,.php,.rb,.txt" onChange={(e) => void upload(e)} />
      <button type="button" className={btn} aria-expanded={open} data-testid="editor-settings" onClick={() => setOpen(!open)}>
        <FormattedMessage id="problem.editor.settings" />
      </button>
      {open && (
        <div className="absolute top-full right-0 z-30 mt-1 w-56 space-y-2 rounded border border-slate-200 bg-white p-3 text-xs shadow-lg" data-testid="editor-settings-panel">
          <label className="flex items-center justify-between gap-2">
            <FormattedMessage id="problem.editor.theme" />
            <select className={select} value={settings.theme} data-testid="editor-theme" onChange={(e) => set({ theme: e.target.value as EditorSettings['theme'] })}>
              {EDITOR_THEMES.map((t) => (
                <option key={t} value={t}>
                  {intl.formatMessage({ id: `problem.editor.theme_${t}` })}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center justify-between gap-2">
            <FormattedMessage id="problem.editor.fontSize" />
            <select className={select} value={settings.fontSize} data-testid="editor-font-size" onChange={(e) => set({ fontSize: Number(e.target.value) })}>
              {FONT_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}px
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center justify-between gap-2">
            <FormattedMessage id="problem.editor.tabSize" />
            <select className={select} value={settings.tabSize} data-testid="editor-tab-size" onChange={(e) => set({ tabSize: Number(e.target.value) })}>
              {TAB_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </div>
  );
}
