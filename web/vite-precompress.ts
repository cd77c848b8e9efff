// A build plugin: writes a brotli (.br) and a gzip (.gz) copy of every JS, CSS, HTML, SVG and JSON file of the
// build beside it, at the strongest levels, once. The gateway sends them to browsers that accept them
// (@fastify/static `preCompressed`, gateway/src/web.ts) instead of compressing every response again on the fly.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'oj-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      for (const f of files) {
        const body = await readFile(f);
        if (body.length < MIN_BYTES) continue;
        await writeFile(`${f}.br`, await br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        await writeFile(`${f}.gz`, await gz(body, { level: 9 }));
      }
    },
  };
}
