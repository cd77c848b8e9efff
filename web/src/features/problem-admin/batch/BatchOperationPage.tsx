// /admin/problem/batch-operation (super admin): import archives of the formats judges exchange, and export
// problems in our own format.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ExportPanel } from './ExportPanel';
import { ImportPanel } from './ImportPanel';

export function BatchOperationPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.batch.title' }));
  const [imports, setImports] = useState(0);
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold text-slate-800">
        <FormattedMessage id="admin.batch.title" />
      </h1>
      <ImportPanel onImported={() => setImports((n) => n + 1)} />
      <ExportPanel reloadKey={imports} />
    </div>
  );
}
