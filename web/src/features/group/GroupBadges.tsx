// Pieces shared by the group list and the group pages: the auth tag with its tooltip, the Hidden tag, the avatar
// (a default picture when none is set) and the name that scrolls when it is too long for its box.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GROUP_AUTH } from '@oj/proto';
import type { MessageId } from '../../i18n/zh-CN';

const AUTH: Record<number, { name: MessageId; tip: MessageId; style: string }> = {
  [GROUP_AUTH.PUBLIC]: { name: 'group.auth.public', tip: 'group.auth.publicTip', style: 'border-green-300 bg-green-50 text-green-700' },
  [GROUP_AUTH.PROTECTED]: { name: 'group.auth.protected', tip: 'group.auth.protectedTip', style: 'border-orange-300 bg-orange-50 text-orange-700' },
  [GROUP_AUTH.PRIVATE]: { name: 'group.auth.private', tip: 'group.auth.privateTip', style: 'border-red-300 bg-red-50 text-red-700' },
};

export const GROUP_AUTH_NAMES: readonly [number, MessageId][] = Object.entries(AUTH).map(([k, v]) => [Number(k), v.name]);

export function GroupAuthTag({ auth }: { auth: number }) {
  const intl = useIntl();
  const a = AUTH[auth] ?? AUTH[GROUP_AUTH.PUBLIC]!;
  return (
    <span data-testid="group-auth-tag" data-auth={auth} title={intl.formatMessage({ id: a.tip })} className={`inline-flex items-center rounded border px-2 py-0.5 text-xs ${a.style}`}>
      <FormattedMessage id={a.name} />
    </span>
  );
}

export function HiddenTag() {
  const intl = useIntl();
  return (
    <span data-testid="group-hidden-tag" title={intl.formatMessage({ id: 'group.auth.hiddenTip' })} className="inline-flex items-center rounded border border-slate-400 bg-slate-600 px-2 py-0.5 text-xs text-white">
      <FormattedMessage id="group.auth.hidden" />
    </span>
  );
}

/** The avatar, or the default picture: the group's first letter on a colour of its own. */
export function GroupAvatar({ avatar, name, size }: { avatar: string | null; name: string; size: number }) {
  const style = { width: size, height: size };
  if (avatar) return <img src={avatar} alt="" style={style} className="shrink-0 rounded object-cover" data-testid="group-avatar" />;
  const hue = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 0);
  return (
    <span
      aria-hidden="true"
      data-testid="group-avatar-default"
      style={{ ...style, backgroundColor: `hsl(${hue} 55% 45%)`, fontSize: size * 0.45 }}
      className="inline-flex shrink-0 items-center justify-center rounded font-semibold text-white"
    >
      {[...name][0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/** Scroll start (1 s after showing) and step (every 20 ms), as the specification says. */
const MARQUEE_DELAY_MS = 1000;
const MARQUEE_STEP_MS = 20;

/** A one-line name that, when longer than its box, scrolls by one pixel every 20 ms after a second (not under reduced motion). */
export function Marquee({ text, className = '' }: { text: string; className?: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const inner = useRef<HTMLSpanElement>(null);
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    const b = box.current;
    const i = inner.current;
    if (!b || !i || i.scrollWidth <= b.clientWidth) return undefined;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return undefined;
    let offset = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      setMoving(true);
      timer = setInterval(() => {
        // Round the loop: the text followed by a gap, then again from the start.
        offset = offset >= i.scrollWidth / 2 ? 0 : offset + 1;
        i.style.transform = `translateX(${-offset}px)`;
      }, MARQUEE_STEP_MS);
    }, MARQUEE_DELAY_MS);
    return () => {
      clearTimeout(start);
      if (timer) clearInterval(timer);
    };
  }, [text]);
  return (
    <span ref={box} title={text} className={`block overflow-hidden whitespace-nowrap ${className}`} data-testid="group-name" data-moving={moving}>
      <span ref={inner} className="inline-block">
        {text}
        {moving && <span aria-hidden="true" className="pl-8">{text}</span>}
      </span>
    </span>
  );
}
