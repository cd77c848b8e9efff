// A dialog whose code (the Radix dialog with its focus trap, scroll lock and portal, ≈ 41 KiB) loads when it first
// opens (ModalFrame.tsx): a page that only might open one, such as the problem page's statistic and online test, does
// not download it with its first load (docs/benchmarks.md, "Third pass"). Controlled: the caller owns `open`.
import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './ModalFrame';

export type { ModalProps };

const ModalFrame = lazy(() => import('./ModalFrame').then((m) => ({ default: m.ModalFrame })));

export function Modal(props: ModalProps) {
  // Once opened, the frame stays mounted (closed), so closing returns the focus as Radix does.
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalFrame {...props} />
    </Suspense>
  );
}
