// The problem list's tag panel: the tags of the chosen bank grouped by classification (unclassified last), a tag
// search, and the selected tags highlighted; clicking a tag adds it to (or removes it from) the filter.
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProblemTagVO } from '@oj/proto';
import { getTagsAndClassification } from '../problem-api';

interface Props {
  oj: string;
  selected: readonly number[];
  onToggle: (tagId: number) => void;
}

export function TagsPanel({ oj, selected, onToggle }: Props) {
  const intl = useIntl();
  const [groups, setGroups] = useState<ProblemTagVO[]>([]);
  const [search, setSearch] = useState('');
  useEffect(() => {
    let live = true;
    getTagsAndClassification(oj === 'All' ? 'ME' : oj)
      .then((g) => live && setGroups(g))
      .catch(() => live && setGroups([]));
    return () => {
      live = false;
    };
  }, [oj]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return groups
      .map((g) => ({ ...g, tagList: q ? g.tagList.filter((t) => t.name.toLowerCase().includes(q)) : g.tagList }))
      .filter((g) => g.tagList.length > 0);
  }, [groups, search]);

  return (
    <aside className="rounded-lg border border-slate-200 bg-white p-3" data-testid="tags-panel">
      <input
        className="mb-3 w-full rounded border border-slate-300 px-2 py-1 text-sm"
        placeholder={intl.formatMessage({ id: 'problem.tags.search' })}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="tags-search"
      />
      {shown.length === 0 && (
        <p className="text-sm text-slate-400">
          <FormattedMessage id="problem.tags.none" />
        </p>
      )}
      <div className="space-y-3">
        {shown.map((g) => (
          <section key={g.classification?.id ?? 'none'} data-testid="tags-group">
            <h3 className="mb-1 text-xs font-semibold text-slate-500">{g.classification?.name ?? intl.formatMessage({ id: 'problem.tags.unclassified' })}</h3>
            <div className="flex flex-wrap gap-1">
              {g.tagList.map((t) => {
                const on = selected.includes(t.id);
                return (
                  <button
                    key={t.id}
                    type="button"
                    aria-pressed={on}
                    data-testid="tag-filter"
                    data-tag-id={t.id}
                    onClick={() => onToggle(t.id)}
                    className={`rounded px-2 py-0.5 text-xs ${on ? 'bg-blue-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
                  >
                    {t.name}
                  </button>
                );
              })}
            </div>
          </section>
        ))}
      </div>
    </aside>
  );
}
