// The `react` (and `react-dom`) module of the built client and of the web unit tests: preact/compat, with the two
// places where it behaves differently from React and the app or its libraries would notice made to behave as React
// does (vite.config.ts and vitest.config.ts alias `react` here; docs/architecture.md, "UI runtime").
// - Hook dependencies are compared as React compares them (Object.is): preact/hooks uses !==, so a NaN dependency
//   differs from itself and its effect or memo re-ran on every render, and 0 / -0 did not.
// - Suspense gives up a suspended render when its children change: preact/compat's boundary waits for the promise
//   that suspended it even when that child is no longer wanted (a history back while a lazy page loads), then
//   restores the stale tree over the new one, which left the page blank. React renders the new children at once.
// - Effects (useEffect) run in a task of their own right after the render, as React's scheduler runs them:
//   preact/hooks waits for the next animation frame, which a busy page may not paint for a long while (the problem
//   page's editor is created in an effect).
import * as compat from 'preact/compat';
import compatDefault from 'preact/compat';
import { options, type ComponentChildren, type FunctionComponent, type VNode } from 'preact';

// Everything else is preact/compat's own. (Its types are an `export =` namespace, which TypeScript will not re-export
// with `export *`; the module itself is plain ESM. The app is typed against @types/react, not against this file.)
// @ts-expect-error TS2498, see above
export * from 'preact/compat';

const NAN = Symbol('NaN');
const NEGATIVE_ZERO = Symbol('-0');
const differsFromItself = (v: unknown) => v !== v || (v === 0 && 1 / v < 0);

/** Dependencies that preact/hooks' !== tells apart exactly when React's Object.is does. */
export function sameAsReact<D extends readonly unknown[] | undefined>(deps: D): D {
  if (!deps || !deps.some(differsFromItself)) return deps;
  return deps.map((v) => (v !== v ? NAN : v === 0 && 1 / v < 0 ? NEGATIVE_ZERO : v)) as unknown as D;
}

export const useEffect: typeof compat.useEffect = (effect, deps) => compat.useEffect(effect, sameAsReact(deps));
export const useLayoutEffect: typeof compat.useLayoutEffect = (effect, deps) => compat.useLayoutEffect(effect, sameAsReact(deps));
export const useInsertionEffect: typeof compat.useInsertionEffect = (effect, deps) => compat.useInsertionEffect(effect, sameAsReact(deps));
export const useMemo: typeof compat.useMemo = (factory, deps) => compat.useMemo(factory, sameAsReact(deps));
export const useCallback: typeof compat.useCallback = (callback, deps) => compat.useCallback(callback, sameAsReact(deps));
export const useImperativeHandle: typeof compat.useImperativeHandle = (ref, create, deps) => compat.useImperativeHandle(ref, create, sameAsReact(deps));

if (typeof window !== 'undefined' && typeof MessageChannel === 'function') {
  const channel = new MessageChannel();
  const due: (() => void)[] = [];
  channel.port1.onmessage = () => {
    for (const flush of due.splice(0)) flush();
  };
  options.requestAnimationFrame = (flush) => {
    due.push(flush);
    channel.port2.postMessage(null);
  };
}

interface Boundary {
  /** Bumped to replace the inner boundary (a new key mounts a fresh one). */
  key: number;
  /** Set while the fallback is on screen (the inner boundary is suspended), by the fallback itself. */
  showing: object | null;
  children: ComponentChildren;
}

/** Mounted only while the inner boundary shows its fallback: tells the outer one so. */
function FallbackMark({ boundary, children }: { boundary: Boundary; children?: ComponentChildren }) {
  compat.useLayoutEffect(() => {
    const mark = {};
    boundary.showing = mark;
    return () => {
      if (boundary.showing === mark) boundary.showing = null;
    };
  }, [boundary]);
  return children as VNode;
}

/**
 * React's Suspense over preact/compat's: while the fallback shows, new children replace the suspended ones (the
 * inner boundary is mounted anew with them, so what suspended is dropped, as React drops a render it could not
 * finish); otherwise it is preact/compat's boundary unchanged.
 */
export const Suspense: FunctionComponent<{ fallback?: ComponentChildren; children?: ComponentChildren }> = ({ fallback, children }) => {
  const boundary = compat.useRef<Boundary>({ key: 0, showing: null, children }).current;
  if (boundary.showing && boundary.children !== children) {
    boundary.key++;
    boundary.showing = null;
  }
  boundary.children = children;
  return compat.createElement(compat.Suspense, { key: boundary.key, fallback: compat.createElement(FallbackMark, { boundary }, fallback) }, children);
};

// React's default export carries the named exports too (`import React from 'react'`, `import ReactDOM from 'react-dom'`).
export default { ...compatDefault, useEffect, useLayoutEffect, useInsertionEffect, useMemo, useCallback, useImperativeHandle, Suspense };
