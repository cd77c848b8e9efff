// What the site adapters' replay tests share: a site's fixtures by name, and the RemoteSiteError a call must end in.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { RemoteSiteError } from '../http/remote-http';
import { loadFixture, replayHttp } from '../http/replay-http';

export const fixtureDir = (site: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures', site);

/** A replay of `fixtures/<site>/<name>`. */
export const replayOf = (site: string) => (name: string) => replayHttp(loadFixture(path.join(fixtureDir(site), name)));

/** The RemoteSiteError `p` rejects with (the test fails if it resolves or throws anything else). */
export async function failure(p: Promise<unknown>): Promise<RemoteSiteError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(RemoteSiteError);
  return e as RemoteSiteError;
}
