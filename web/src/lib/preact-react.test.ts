// The web's unit tests run on the runtime the browser runs: `react` and `react-dom` are lib/preact-react.ts, whose hook
// dependencies compare as React's Object.is does.
import * as React from 'react';
import ReactDefault from 'react';
import * as ReactDOM from 'react-dom';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createPortal } from 'preact/compat';
import { describe, expect, it } from 'vitest';
import * as runtime from './preact-react';
import { sameAsReact } from './preact-react';

/** Whether preact/hooks' `!==` comparison, applied to the normalised lists, sees a change. */
const changed = (a: unknown[], b: unknown[]) => {
  const x = sameAsReact(a);
  const y = sameAsReact(b);
  return x.length !== y.length || y.some((v, i) => v !== x[i]);
};

describe('preact-react', () => {
  it('is what `react` and `react-dom` resolve to here, as in the build', () => {
    expect(React.Suspense).toBe(runtime.Suspense);
    expect(React.useEffect).toBe(runtime.useEffect);
    expect(ReactDefault.useMemo).toBe(runtime.useMemo);
    expect(ReactDOM.createPortal).toBe(createPortal);
    const html = renderToStaticMarkup(createElement('p', { className: 'x' }, createElement(React.Fragment, null, 'a', 1)));
    expect(html).toBe('<p class="x">a1</p>');
  });

  it('tells dependencies apart exactly when Object.is does', () => {
    const values: unknown[] = [NaN, 0, -0, 1, '', '0', null, undefined, false, Infinity, {}, Symbol('s')];
    for (const a of values) for (const b of values) expect(changed([a], [b])).toBe(!Object.is(a, b));
    expect(changed([1, NaN, 'x'], [1, NaN, 'x'])).toBe(false);
    expect(changed([1, NaN], [1, NaN, 2])).toBe(true);
  });

  it('leaves lists without NaN or -0 as they are (no copy on each render)', () => {
    const deps = [1, 'a', null];
    expect(sameAsReact(deps)).toBe(deps);
    expect(sameAsReact(undefined)).toBeUndefined();
  });
});
