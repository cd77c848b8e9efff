// The home carousel images on /admin/conf: upload (gif, jpg, png, bmp, webp up to 4 MB), order (up / down), delete.
// While none is uploaded the home page shows the built-in pictures.
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { HomeCarousel } from '@oj/proto';
import { deleteCarousel, getCarousel, orderCarousel, uploadCarousel } from './site-admin-api';
import { btn, card } from './styles';
import { useAdminAction } from './useAdminAction';
import { useLatestRead } from '../../lib/useLatestRead';
import { takeFile } from '../../lib/file-input';

export function CarouselAdmin() {
  const intl = useIntl();
  const [items, setItems] = useState<HomeCarousel[]>([]);
  const latest = useLatestRead();
  const load = useCallback(() => latest(getCarousel(), setItems), [latest]);
  useEffect(() => void load(), [load]);
  const run = useAdminAction(load);
  const move = (i: number, d: -1 | 1) => {
    const ids = items.map((x) => x.id);
    [ids[i], ids[i + d]] = [ids[i + d]!, ids[i]!];
    void run(() => orderCarousel(ids));
  };
  return (
    <section className={`${card} space-y-2`} data-testid="conf-carousel">
      <h2 className="font-medium text-slate-700">
        <FormattedMessage id="site.conf.carousel" />
      </h2>
      {items.length === 0 && (
        <p className="text-sm text-slate-500">
          <FormattedMessage id="site.conf.carouselDefault" />
        </p>
      )}
      <ul className="flex flex-wrap gap-3">
        {items.map((c, i) => (
          <li key={c.id} className="w-48 space-y-1 rounded border border-slate-200 p-1" data-testid="conf-carousel-item">
            <img src={c.url} alt="" className="h-24 w-full rounded object-cover" />
            <div className="flex gap-1">
              <button type="button" className={btn} disabled={i === 0} aria-label={intl.formatMessage({ id: 'site.conf.moveUp' })} onClick={() => move(i, -1)}>
                ←
              </button>
              <button type="button" className={btn} disabled={i === items.length - 1} aria-label={intl.formatMessage({ id: 'site.conf.moveDown' })} onClick={() => move(i, 1)}>
                →
              </button>
              <button type="button" className={btn} data-testid="conf-carousel-delete" onClick={() => window.confirm(intl.formatMessage({ id: 'site.conf.carouselDeleteConfirm' })) && void run(() => deleteCarousel(c.id), 'site.common.deleted')}>
                <FormattedMessage id="site.common.delete" />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-blue-600">
        <FormattedMessage id="site.conf.carouselUpload" />
        <input
          type="file"
          className="sr-only"
          accept=".gif,.jpg,.jpeg,.png,.bmp,.webp"
          data-testid="conf-carousel-upload"
          onChange={(e) => {
            const file = takeFile(e);
            if (file) void run(() => uploadCarousel(file), 'site.conf.uploaded');
          }}
        />
      </label>
    </section>
  );
}
