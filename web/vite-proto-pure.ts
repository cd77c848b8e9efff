// @oj/proto in the web build: its modules only declare schemas, types, tables and functions, so a module none of whose
// exports the client uses is left out, and a schema no client code reads is dropped from the module it is in. Two
// things keep Rollup from seeing that by itself: proto's package does not say it has no side effects (the services
// run it as is), and a TypeBox builder call (`Type.Object(…)`) is not known to be pure. Without this, every schema of
// every area (admin, NATS, each feature's DTOs) and every push event's schema sat in the entry chunk
// (docs/benchmarks.md, "Fifth pass").
import path from 'node:path';
import type { Plugin } from 'vite';

const PROTO_SRC = path.resolve(import.meta.dirname, '../proto/src') + path.sep;

export function protoPure(): Plugin {
  return {
    name: 'oj-proto-pure',
    apply: 'build',
    config: () => ({ build: { rollupOptions: { treeshake: { manualPureFunctions: ['Type'] } } } }),
    transform(_code, id) {
      return id.startsWith(PROTO_SRC) ? { moduleSideEffects: false } : null;
    },
  };
}
