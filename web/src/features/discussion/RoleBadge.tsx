// The spec's role badge next to an author's name: SPA for a super admin (root), ADM for an admin; nothing otherwise.
import { FormattedMessage, useIntl } from 'react-intl';

export function RoleBadge({ role }: { role: string | null | undefined }) {
  const intl = useIntl();
  if (role !== 'root' && role !== 'admin') return null;
  return (
    <span
      data-testid="role-badge"
      title={intl.formatMessage({ id: role === 'root' ? 'comment.badge.rootTitle' : 'comment.badge.adminTitle' })}
      className="ml-1 rounded bg-orange-100 px-1 text-xs text-orange-700"
    >
      <FormattedMessage id={role === 'root' ? 'comment.badge.root' : 'comment.badge.admin'} />
    </span>
  );
}
