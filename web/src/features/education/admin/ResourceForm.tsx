// A chapter's resource form: adding one (any kind), or editing one in place (its kind fixed, filled with its values).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RESOURCE_KINDS, type ResourceBody, type ResourceKind, type ResourceVO } from '@oj/proto';
import { ApiError } from '../../../lib/api';
import { takeFile } from '../../../lib/file-input';
import { saveResource, uploadResourceFile } from '../education-api';

export const input = 'rounded border border-slate-300 px-2 py-1 text-sm';

/** The kind's own field of a saved resource: a document's text, a file's link, a problem's display id. */
function valueOf(r: ResourceVO): string {
  return r.kind === 'markdown' ? r.content : r.kind === 'file' ? (r.link ?? '') : (r.problemId ?? '');
}

/** The body that saves `value` as the field of `kind`. */
function fieldOf(kind: ResourceKind, value: string): Pick<ResourceBody, 'content' | 'link' | 'problemId'> {
  return kind === 'markdown' ? { content: value } : kind === 'file' ? { link: value } : { problemId: value.trim() };
}

/** A saved resource as its PUT body (for a new rank). */
export function resourceBody(r: ResourceVO): ResourceBody {
  return { id: r.id, chapterId: r.chapterId, kind: r.kind, title: r.title, rank: r.rank, ...fieldOf(r.kind, valueOf(r)) };
}

interface Props {
  chapterId: number;
  /** The resource edited in place; absent to add one. */
  resource?: ResourceVO;
  onDone: () => Promise<unknown> | void;
  onCancel?: () => void;
}

export function ResourceForm({ chapterId, resource, onDone, onCancel }: Props) {
  const intl = useIntl();
  const [kind, setKind] = useState<ResourceKind>(resource?.kind ?? 'markdown');
  const [title, setTitle] = useState(resource?.title ?? '');
  const [value, setValue] = useState(resource ? valueOf(resource) : '');
  const save = async () => {
    try {
      await saveResource({ ...(resource && { id: resource.id }), chapterId, kind, title: title.trim(), ...fieldOf(kind, value) });
      if (!resource) {
        setTitle('');
        setValue('');
      }
      await onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2" data-testid={resource ? 'edu-resource-edit-form' : 'edu-resource-form'}>
      {resource ? (
        <span className="rounded bg-slate-100 px-1 py-1 text-xs"><FormattedMessage id={`eduAdmin.resource.${kind}`} /></span>
      ) : (
        <select className={input} value={kind} data-testid="edu-resource-kind" onChange={(e) => setKind(e.target.value as ResourceKind)}>
          {RESOURCE_KINDS.map((k) => (
            <option key={k} value={k}>{intl.formatMessage({ id: `eduAdmin.resource.${k}` })}</option>
          ))}
        </select>
      )}
      <input className={input} data-testid="edu-resource-title" placeholder={intl.formatMessage({ id: 'eduAdmin.resource.titleLabel' })} value={title} onChange={(e) => setTitle(e.target.value)} />
      {kind === 'markdown' && <textarea className={`${input} min-w-64`} rows={2} data-testid="edu-resource-value" value={value} onChange={(e) => setValue(e.target.value)} />}
      {kind === 'problem' && <input className={input} data-testid="edu-resource-value" placeholder={intl.formatMessage({ id: 'eduAdmin.resource.problemId' })} value={value} onChange={(e) => setValue(e.target.value)} />}
      {kind === 'file' && (
        <span className="flex flex-col text-xs text-slate-500">
          <input
            type="file"
            className="text-sm"
            onChange={(e) => {
              const f = takeFile(e);
              if (f) void uploadResourceFile(f).then((r) => setValue(r.link), () => undefined);
            }}
          />
          {value && <span data-testid="edu-resource-link">{value}</span>}
        </span>
      )}
      <button type="button" data-testid={resource ? 'edu-resource-save' : 'edu-resource-add'} onClick={() => void save()} className="rounded bg-blue-600 px-3 py-1 text-sm text-white">
        <FormattedMessage id={resource ? 'eduAdmin.common.save' : 'eduAdmin.common.add'} />
      </button>
      {onCancel && (
        <button type="button" data-testid="edu-resource-cancel" onClick={onCancel} className="rounded border border-slate-300 px-3 py-1 text-sm">
          <FormattedMessage id="eduAdmin.common.cancel" />
        </button>
      )}
    </div>
  );
}
