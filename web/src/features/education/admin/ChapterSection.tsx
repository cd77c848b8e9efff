// One chapter of the course content page: its title (renamed in place), its place among the course's chapters, its
// resources (each edited in place and moved within the chapter) and the form that adds one.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChapterVO } from '@oj/proto';
import { deleteChapter, deleteResource, saveChapter, saveResource } from '../education-api';
import { MoveButtons } from './MoveButtons';
import { moveRanks, saveMoves } from './move-ranks';
import { ResourceForm, input, resourceBody } from './ResourceForm';

interface Props {
  chapter: ChapterVO;
  index: number;
  count: number;
  busy: boolean;
  /** Runs a change, then reads the chapters again; true when the change was saved. */
  run: (call: () => Promise<unknown>) => Promise<boolean>;
  reload: () => Promise<unknown>;
  onMove: (dir: -1 | 1) => void;
}

export function ChapterSection({ chapter: ch, index, count, busy, run, reload, onMove }: Props) {
  const intl = useIntl();
  const [draft, setDraft] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const rename = async () => {
    const title = draft?.trim();
    if (title && (await run(() => saveChapter({ id: ch.id, courseId: ch.courseId, title })))) setDraft(null);
  };
  const moveResource = (j: number, dir: -1 | 1) =>
    void run(() => saveMoves(moveRanks(ch.resources, j, dir), (r, rank) => saveResource({ ...resourceBody(r), rank })));
  return (
    <section className="mb-3 rounded border border-slate-200 p-3" data-testid="edu-chapter">
      {draft === null ? (
        <div className="flex items-center gap-2">
          <h2 className="mr-auto font-medium" data-testid="edu-chapter-name">{index + 1}. {ch.title}</h2>
          <MoveButtons index={index} count={count} busy={busy} testIdPrefix="edu-chapter" onMove={onMove} />
          <button type="button" className="text-xs text-blue-600" data-testid="edu-chapter-edit" onClick={() => setDraft(ch.title)}>
            <FormattedMessage id="eduAdmin.common.edit" />
          </button>
          <button type="button" className="text-xs text-red-600" onClick={() => window.confirm(intl.formatMessage({ id: 'eduAdmin.common.deleteConfirm' }, { title: ch.title })) && void run(() => deleteChapter(ch.id))}>
            <FormattedMessage id="eduAdmin.common.delete" />
          </button>
        </div>
      ) : (
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void rename();
          }}
        >
          <input className={`${input} mr-auto`} data-testid="edu-chapter-rename" aria-label={intl.formatMessage({ id: 'eduAdmin.chapter.name' })} value={draft} onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" data-testid="edu-chapter-save" className="rounded bg-blue-600 px-3 py-1 text-sm text-white"><FormattedMessage id="eduAdmin.common.save" /></button>
          <button type="button" onClick={() => setDraft(null)} className="rounded border border-slate-300 px-3 py-1 text-sm"><FormattedMessage id="eduAdmin.common.cancel" /></button>
        </form>
      )}
      <ul className="mt-1 space-y-1 text-sm">
        {ch.resources.map((r, j) => (
          <li key={r.id} data-testid="edu-resource">
            {editing === r.id ? (
              <ResourceForm
                chapterId={ch.id}
                resource={r}
                onCancel={() => setEditing(null)}
                onDone={async () => {
                  setEditing(null);
                  await reload();
                }}
              />
            ) : (
              <div className="flex items-center gap-2">
                <span className="rounded bg-slate-100 px-1 text-xs"><FormattedMessage id={`eduAdmin.resource.${r.kind}`} /></span>
                <span className="mr-auto" data-testid="edu-resource-name">{r.title}{r.problemId ? ` (${r.problemId})` : ''}</span>
                <MoveButtons index={j} count={ch.resources.length} busy={busy} testIdPrefix="edu-resource" onMove={(dir) => moveResource(j, dir)} />
                <button type="button" className="text-xs text-blue-600" data-testid="edu-resource-edit" onClick={() => setEditing(r.id)}>
                  <FormattedMessage id="eduAdmin.common.edit" />
                </button>
                <button type="button" className="text-xs text-red-600" onClick={() => void run(() => deleteResource(r.id))}><FormattedMessage id="eduAdmin.common.delete" /></button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ResourceForm chapterId={ch.id} onDone={reload} />
    </section>
  );
}
