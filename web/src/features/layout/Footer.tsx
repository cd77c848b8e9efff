// Footer: site name and description, links, project link and the language switch (hidden on problem pages).
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { siteState } from '../../stores/ui';
import { LanguageSwitch } from './LanguageSwitch';

export function Footer() {
  const intl = useIntl();
  const { config } = useSnapshot(siteState);
  const link = 'text-slate-500 hover:text-blue-600';
  return (
    <footer className="mt-10 border-t border-slate-200 bg-white" data-testid="footer">
      <div className="mx-auto flex max-w-screen-xl flex-col gap-4 px-4 py-6 text-sm md:flex-row md:items-start md:justify-between">
        <div className="max-w-xl">
          <div className="font-semibold text-slate-800">{config?.name || intl.formatMessage({ id: 'app.meta.defaultName' })}</div>
          {config?.description && <p className="mt-1 text-slate-500">{config.description}</p>}
          <p className="mt-1 text-xs text-slate-400">
            <FormattedMessage id="layout.footer.poweredBy" />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Link className={link} to="/status">
            <FormattedMessage id="layout.header.status" />
          </Link>
          <Link className={link} to="/developer">
            <FormattedMessage id="layout.header.developer" />
          </Link>
          <Link className={link} to="/introduction">
            <FormattedMessage id="layout.header.introduction" />
          </Link>
          <Link className={link} to="/help">
            <FormattedMessage id="help.page.title" />
          </Link>
          {config?.recordName && (
            <a className={link} href={config.recordUrl || '#'} target="_blank" rel="noreferrer">
              {config.recordName}
            </a>
          )}
          {config?.projectUrl && (
            <a className={link} href={config.projectUrl} target="_blank" rel="noreferrer">
              {config.projectName || intl.formatMessage({ id: 'layout.footer.project' })}
            </a>
          )}
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  );
}
