// Reads a cached promise inside a Suspense boundary: its value once settled; until then the component suspends (the
// promise is thrown, which React and preact/compat both wait on). The browser runs Preact (vite.config.ts), which has
// no React 19 `use`; the promise must be the same object across renders (cache it), as `use` requires too.
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function readPromise<T>(promise: Promise<T>): T {
  const p = promise as Tracked<T>;
  if (p.status === 'fulfilled') return p.value as T;
  if (p.status === 'rejected') throw p.reason;
  if (!p.status) {
    p.status = 'pending';
    p.then(
      (value) => {
        p.status = 'fulfilled';
        p.value = value;
      },
      (reason: unknown) => {
        p.status = 'rejected';
        p.reason = reason;
      },
    );
  }
  throw p;
}
