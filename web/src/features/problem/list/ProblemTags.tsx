// A problem's tags as small grey labels (the problem lists' Tags column).
import type { Tag } from '@oj/proto';

export function ProblemTags({ tags, testId }: { tags: readonly Tag[]; testId: string }) {
  return (
    <div className="flex flex-wrap gap-1" data-testid={testId}>
      {tags.map((t) => (
        <span key={t.id} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {t.name}
        </span>
      ))}
    </div>
  );
}
