// The markdown editor of statements and posts (the problem form, a discussion's dialog): write / preview tabs, and
// uploads that insert an image (`/api/file/upload-md-img`) or a file link (`upload-md-file`) at the cursor.
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/zh-CN';
import { ApiError } from '../lib/api';
import { takeFile } from '../lib/file-input';
import { uploadFile } from '../lib/upload';
import { Markdown } from './Markdown';

type Stored = { link: string; fileId: number };
export const uploadMdImage = (file: File) => uploadFile<Stored>('/file/upload-md-img', file, file.name);
export const uploadMdFile = (file: File) => uploadFile<Stored>('/file/upload-md-file', file, file.name);

/** Where the editor stores an image or a file (the site's calls by default; a group's problem form passes its own). */
export interface MarkdownUploads {
  image: (file: File) => Promise<{ link: string }>;
  file: (file: File) => Promise<{ link: string }>;
}
const SITE_UPLOADS: MarkdownUploads = { image: uploadMdImage, file: uploadMdFile };

export interface MarkdownEditorProps {
  label: MessageId;
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  rows?: number;
  testId: string;
  /** Offer the file upload too (statements); a post only inserts images. */
  files?: boolean;
  uploads?: MarkdownUploads;
}

export function MarkdownEditor({ label, value, onChange, required, rows = 8, testId, files = true, uploads = SITE_UPLOADS }: MarkdownEditorProps) {
  const intl = useIntl();
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  const insert = (text: string) => {
    const el = area.current;
    const at = el ? el.selectionStart : value.length;
    onChange(value.slice(0, at) + text + value.slice(at));
  };

  const upload = async (file: File | undefined, kind: 'img' | 'file') => {
    if (!file) return;
    setBusy(true);
    try {
      const { link } = kind === 'img' ? await uploads.image(file) : await uploads.file(file);
      insert(kind === 'img' ? `![${file.name}](${link})` : `[${file.name}](${link})`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const tab = (on: boolean) => `px-2 py-1 text-xs ${on ? 'border-b-2 border-blue-600 font-medium text-blue-700' : 'text-slate-500 hover:text-slate-700'}`;
  return (
    <div className="text-sm" data-testid={testId}>
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-700">
          {required && <span className="mr-0.5 text-red-500">*</span>}
          <FormattedMessage id={label} />
        </span>
        <span className="ml-auto flex items-center gap-1">
          <button type="button" className={tab(!preview)} onClick={() => setPreview(false)}>
            <FormattedMessage id="markdown.editor.write" />
          </button>
          <button type="button" className={tab(preview)} onClick={() => setPreview(true)} data-testid={`${testId}-preview`}>
            <FormattedMessage id="markdown.editor.preview" />
          </button>
          <label className="cursor-pointer rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100">
            <FormattedMessage id="markdown.editor.image" />
            <input type="file" accept="image/*" className="hidden" disabled={busy} onChange={(e) => void upload(takeFile(e), 'img')} data-testid={`${testId}-image`} />
          </label>
          {files && (
            <label className="cursor-pointer rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100">
              <FormattedMessage id="markdown.editor.file" />
              <input type="file" className="hidden" disabled={busy} onChange={(e) => void upload(takeFile(e), 'file')} />
            </label>
          )}
        </span>
      </div>
      {preview ? (
        <div className="min-h-24 rounded border border-slate-200 p-3" data-testid={`${testId}-rendered`}>
          {value.trim() ? <Markdown text={value} /> : <span className="text-slate-400">{intl.formatMessage({ id: 'markdown.editor.empty' })}</span>}
        </div>
      ) : (
        <textarea
          ref={area}
          className="w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm"
          rows={rows}
          value={value}
          aria-label={intl.formatMessage({ id: label })}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}
