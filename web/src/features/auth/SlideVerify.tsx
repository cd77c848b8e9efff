// The slide verification: a 325×100 picture with a gap; the user slides the 42 px block onto it.
// The client cannot tell whether it fits: it reports `{ id, x }` and the server checks it with the next login.
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SLIDE, type SlideAnswer, type SlideChallenge } from '@oj/proto';
import { getSlideChallenge } from './auth-api';

export function SlideVerify({ onChange, refreshKey }: { onChange: (a: SlideAnswer | null) => void; refreshKey: number }) {
  const intl = useIntl();
  const [challenge, setChallenge] = useState<SlideChallenge | null>(null);
  const [x, setX] = useState(0);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    let alive = true;
    setChallenge(null);
    setX(0);
    setMoved(false);
    onChange(null);
    getSlideChallenge()
      .then((c) => alive && setChallenge(c))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [refreshKey]);

  if (!challenge) return <div className="mb-3 h-[132px] animate-pulse rounded bg-slate-100" />;
  const max = SLIDE.width - SLIDE.block;
  return (
    <div className="mb-3" data-testid="slide-verify">
      <p className="mb-1 text-xs text-slate-600">
        <FormattedMessage id="auth.slide.hint" />
      </p>
      <div className="relative overflow-hidden rounded" style={{ width: SLIDE.width, height: SLIDE.height, maxWidth: '100%' }}>
        <img data-testid="slide-bg" src={challenge.bg} width={SLIDE.width} height={SLIDE.height} alt="" draggable={false} />
        <img
          src={challenge.block}
          width={SLIDE.block}
          height={SLIDE.height}
          alt=""
          draggable={false}
          className="pointer-events-none absolute top-0"
          style={{ left: x }}
        />
      </div>
      <input
        data-testid="slide-range"
        type="range"
        min={0}
        max={max}
        step={1}
        value={x}
        aria-label={intl.formatMessage({ id: 'auth.slide.hint' })}
        className="mt-2 w-full accent-blue-600"
        style={{ maxWidth: SLIDE.width }}
        onChange={(e) => {
          const v = Number(e.target.value);
          setX(v);
          setMoved(true);
          onChange({ id: challenge.id, x: v });
        }}
      />
      {!moved && (
        <p className="text-xs text-slate-400">
          <FormattedMessage id="auth.slide.drag" />
        </p>
      )}
    </div>
  );
}
