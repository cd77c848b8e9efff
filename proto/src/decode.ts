// Decoding at trust boundaries: every socket payload, NATS message and job goes through `decode`.
import type { Static, TSchema } from '@sinclair/typebox';
// The two functions by name, not the `Value` namespace: the web client's bundle then leaves out the rest of it.
import { Errors } from '@sinclair/typebox/errors';
import { Check } from '@sinclair/typebox/value';
import { OjError } from './errors';

/** Checks `value` against `schema` and returns it typed, or throws `OjError('BAD_PAYLOAD')`. */
export function decode<S extends TSchema>(schema: S, value: unknown): Static<S> {
  if (Check(schema, value)) return value;
  const first = Errors(schema, value).First();
  const detail = first ? `${first.path || '/'} ${first.message}` : 'invalid';
  throw new OjError('BAD_PAYLOAD', { detail });
}

/** Parses JSON bytes or text and decodes it. */
export function decodeJson<S extends TSchema>(schema: S, raw: Uint8Array | string): Static<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw));
  } catch {
    throw new OjError('BAD_PAYLOAD', { detail: 'not JSON' });
  }
  return decode(schema, parsed);
}

export function assertNever(x: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(x)}`);
}
