// The discussion list's side panel: the Post button, the Mine / All toggle (signed in), the category list that filters
// the list, and for the super admin the category editor (rename, add, remove, then save the whole list).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { ROLE, type DiscussionCategory } from '@oj/proto';
import { ignoreRefusal } from '../../lib/api';
import { isLoggedIn, sessionState } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { saveCategories } from './discussion-api';

interface Props {
  categories: readonly DiscussionCategory[];
  cid: number | undefined;
  onlyMine: boolean;
  onPost: () => void;
  onFilter: (patch: { cid?: number; onlyMine?: boolean }) => void;
  onCategoriesSaved: (list: DiscussionCategory[]) => void;
}

function CategoryEditor({ categories, onSaved }: { categories: readonly DiscussionCategory[]; onSaved: (list: DiscussionCategory[]) => void }) {
  const intl = useIntl();
  const [rows, setRows] = useState<{ id?: number; name: string }[]>(() => categories.map((c) => ({ ...c })));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      onSaved(await saveCategories(rows.map((r) => (r.id === undefined ? { name: r.name } : { id: r.id, name: r.name }))));
      showToast('success', intl.formatMessage({ id: 'discussion.category.saved' }));
    } catch (e) {
      ignoreRefusal(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2" data-testid="category-editor">
      <p className="text-xs text-slate-500">
        <FormattedMessage id="discussion.category.hint" />
      </p>
      {rows.map((r, i) => (
        <div key={r.id ?? `new${i}`} className="flex gap-1">
          <input
            className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
            data-testid="category-name"
            aria-label={intl.formatMessage({ id: 'discussion.category.name' })}
            value={r.name}
            onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
          />
          <button type="button" className="rounded px-2 text-xs text-red-600 hover:bg-red-50" data-testid="category-remove" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
            <FormattedMessage id="discussion.category.remove" />
          </button>
        </div>
      ))}
      <div className="flex justify-between">
        <button type="button" className="rounded px-2 py-1 text-xs text-blue-600 hover:bg-blue-50" data-testid="category-add" onClick={() => setRows([...rows, { name: '' }])}>
          <FormattedMessage id="discussion.category.add" />
        </button>
        <button type="button" disabled={busy} className="rounded bg-blue-600 px-3 py-1 text-xs text-white disabled:opacity-50" data-testid="category-save" onClick={() => void save()}>
          <FormattedMessage id="discussion.category.save" />
        </button>
      </div>
    </div>
  );
}

export function DiscussionSidePanel({ categories, cid, onlyMine, onPost, onFilter, onCategoriesSaved }: Props) {
  const session = useSnapshot(sessionState);
  const [editing, setEditing] = useState(false);
  const root = session.roles.includes(ROLE.ROOT);
  const pick = (on: boolean) => `block w-full rounded px-2 py-1 text-left text-sm ${on ? 'bg-blue-50 font-medium text-blue-700' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <aside className="space-y-4" data-testid="discussion-panel">
      <button type="button" className="w-full rounded bg-blue-600 px-3 py-2 text-sm text-white hover:bg-blue-700" data-testid="discussion-post" onClick={onPost}>
        <FormattedMessage id="discussion.panel.post" />
      </button>
      {isLoggedIn(session) && (
        <div className="flex rounded border border-slate-200 text-sm" role="group">
          {([false, true] as const).map((mine) => (
            <button
              key={String(mine)}
              type="button"
              aria-pressed={onlyMine === mine}
              data-testid={mine ? 'discussion-mine' : 'discussion-all'}
              className={`flex-1 px-2 py-1 ${onlyMine === mine ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-50'}`}
              onClick={() => onFilter({ onlyMine: mine })}
            >
              <FormattedMessage id={mine ? 'discussion.panel.mine' : 'discussion.panel.all'} />
            </button>
          ))}
        </div>
      )}
      <section className="rounded border border-slate-200 p-2">
        <div className="mb-1 flex items-center justify-between px-1">
          <h2 className="text-sm font-semibold text-slate-700">
            <FormattedMessage id="discussion.panel.categories" />
          </h2>
          {root && (
            <button type="button" className="text-xs text-blue-600 hover:underline" data-testid="category-edit" onClick={() => setEditing((e) => !e)}>
              <FormattedMessage id="discussion.panel.editCategories" />
            </button>
          )}
        </div>
        {editing ? (
          <CategoryEditor
            categories={categories}
            onSaved={(list) => {
              setEditing(false);
              onCategoriesSaved(list);
            }}
          />
        ) : (
          <ul data-testid="category-list">
            <li>
              <button type="button" className={pick(cid === undefined)} onClick={() => onFilter({ cid: undefined })}>
                <FormattedMessage id="discussion.panel.allCategories" />
              </button>
            </li>
            {categories.map((c) => (
              <li key={c.id}>
                <button type="button" className={pick(cid === c.id)} data-testid="category-item" onClick={() => onFilter({ cid: c.id })}>
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
