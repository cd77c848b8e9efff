// 简体中文 / English switch; sets the `lang` cookie.
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import { LOCALES, type Locale } from '@oj/proto';
import { localeState, setLocale } from '../../i18n/locale';

const LABEL = { 'zh-CN': 'layout.lang.zhCN', 'en-US': 'layout.lang.enUS' } as const satisfies Record<Locale, string>;

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { locale } = useSnapshot(localeState);
  return (
    <div className={`flex items-center gap-1 text-sm ${className}`} data-testid="language-switch">
      {LOCALES.map((l, i) => (
        <span key={l} className="flex items-center gap-1">
          {i > 0 && <span className="text-slate-300">/</span>}
          <button
            type="button"
            lang={l}
            data-locale={l}
            aria-pressed={locale === l}
            onClick={() => void setLocale(l)}
            className={locale === l ? 'font-semibold text-blue-600' : 'text-slate-500 hover:text-blue-600'}
          >
            <FormattedMessage id={LABEL[l]} />
          </button>
        </span>
      ))}
    </div>
  );
}
