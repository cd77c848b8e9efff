// Choosing and cropping an avatar in the browser: the file's type and size are checked first (gif, jpg, jpeg, png,
// bmp, webp; at most `maxBytes`), then a square view lets the user drag and zoom the picture; the square shown is
// drawn on a canvas at `size`×`size` pixels and handed over as a PNG.
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { takeFile } from '../lib/file-input';
import { showToast } from '../stores/ui';

export const AVATAR_FILE = /\.(gif|jpe?g|png|bmp|webp)$/i;
/** The crop view's side on screen, in CSS pixels. */
const VIEW = 280;

interface Props {
  maxBytes: number;
  /** The output's side in pixels (the group avatar: 200). */
  size: number;
  busy?: boolean;
  onCropped: (png: Blob) => void;
}

interface Loaded {
  url: string;
  img: HTMLImageElement;
}

export function AvatarCropper({ maxBytes, size, busy = false, onCropped }: Props) {
  const intl = useIntl();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  useEffect(() => () => void (loaded && URL.revokeObjectURL(loaded.url)), [loaded]);

  const base = loaded ? VIEW / Math.min(loaded.img.naturalWidth, loaded.img.naturalHeight) : 1;
  const scale = base * zoom;
  const w = loaded ? loaded.img.naturalWidth * scale : VIEW;
  const h = loaded ? loaded.img.naturalHeight * scale : VIEW;
  /** Keeps the picture covering the whole view. */
  const clamp = (x: number, y: number, ww = w, hh = h) => ({ x: Math.min(0, Math.max(VIEW - ww, x)), y: Math.min(0, Math.max(VIEW - hh, y)) });

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!AVATAR_FILE.test(file.name)) return showToast('warning', intl.formatMessage({ id: 'setting.avatar.badType' }));
    if (file.size > maxBytes) return showToast('warning', intl.formatMessage({ id: 'setting.avatar.tooLarge' }));
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      const s = VIEW / Math.min(img.naturalWidth, img.naturalHeight);
      setZoom(1);
      setOffset({ x: (VIEW - img.naturalWidth * s) / 2, y: (VIEW - img.naturalHeight * s) / 2 });
      setLoaded({ url, img });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      showToast('warning', intl.formatMessage({ id: 'setting.avatar.badType' }));
    };
    img.src = url;
  };

  const zoomTo = (z: number) => {
    if (!loaded) return;
    // Zoom about the view's centre.
    const k = z / zoom;
    const cx = VIEW / 2;
    const nw = loaded.img.naturalWidth * base * z;
    const nh = loaded.img.naturalHeight * base * z;
    setOffset(clamp(cx - (cx - offset.x) * k, cx - (cx - offset.y) * k, nw, nh));
    setZoom(z);
  };

  const down = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) setOffset(clamp(d.ox + e.clientX - d.x, d.oy + e.clientY - d.y));
  };

  const crop = () => {
    if (!loaded) return;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.drawImage(loaded.img, -offset.x / scale, -offset.y / scale, VIEW / scale, VIEW / scale, 0, 0, size, size);
    canvas.toBlob((blob) => blob && onCropped(blob), 'image/png');
  };

  return (
    <div className="space-y-3" data-testid="avatar-cropper">
      <label className="inline-block cursor-pointer rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
        <FormattedMessage id="avatar.crop.choose" />
        <input type="file" accept=".gif,.jpg,.jpeg,.png,.bmp,.webp" className="hidden" onChange={(e) => choose(takeFile(e))} data-testid="avatar-file" />
      </label>
      {loaded && (
        <>
          <div
            className="relative cursor-move touch-none overflow-hidden rounded border border-slate-300 bg-slate-100"
            style={{ width: VIEW, height: VIEW }}
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={() => (drag.current = null)}
            data-testid="avatar-crop-view"
          >
            <img src={loaded.url} alt="" draggable={false} className="pointer-events-none absolute max-w-none select-none" style={{ left: offset.x, top: offset.y, width: w, height: h }} />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-600" style={{ width: VIEW }}>
            <FormattedMessage id="avatar.crop.zoom" />
            <input type="range" min={1} max={4} step={0.05} value={zoom} onChange={(e) => zoomTo(Number(e.target.value))} className="flex-1" data-testid="avatar-zoom" />
          </label>
          <button type="button" disabled={busy} className="rounded bg-blue-600 px-4 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-50" onClick={crop} data-testid="avatar-upload">
            <FormattedMessage id="avatar.crop.upload" values={{ size }} />
          </button>
        </>
      )}
    </div>
  );
}
