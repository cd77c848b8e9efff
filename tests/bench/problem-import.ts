// (j) Problem import: a 200-problem FPS file and a set of 50 ICPC packages, imported over REST into a running judge
// (`pnpm start`'s process): problems per second and the judge's peak memory (VmHWM of its largest node process).
import { fpsFile, icpcSet } from '../fixtures/problem-packages/build';
import { login, peakNodeMemoryMb, startStackProcess } from './stack-process';

async function importOnce(baseUrl: string, token: string, path: string, fileName: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), fileName);
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: token }, body: form });
  const body = (await res.json()) as { status: number; msg: string; data: { problems: unknown[] } };
  if (body.status !== 200) throw new Error(`${path}: ${body.msg}`);
  return { seconds: (performance.now() - t0) / 1000, problems: body.data.problems.length };
}

export async function benchProblemImport(): Promise<void> {
  console.log('(j) problem import over REST into a running judge');
  const st = await startStackProcess();
  try {
    const { token } = await login(st.baseUrl, 'root', st.adminPassword);
    const before = await peakNodeMemoryMb(st.pgid);
    const fps = fpsFile(200);
    const a = await importOnce(st.baseUrl, token, '/api/file/import-fps-problem', 'bench.xml', fps);
    const afterFps = await peakNodeMemoryMb(st.pgid);
    console.log(`    FPS, ${a.problems} problems (${(fps.length / 1048576).toFixed(1)} MiB xml, 10 cases each): ${a.seconds.toFixed(2)} s, ${(a.problems / a.seconds).toFixed(1)} problems/s; judge peak memory ${before.toFixed(0)} → ${afterFps.toFixed(0)} MiB`);
    const icpc = icpcSet(50);
    const b = await importOnce(st.baseUrl, token, '/api/file/import-icpc-problem', 'bench-icpc.zip', icpc);
    const afterIcpc = await peakNodeMemoryMb(st.pgid);
    console.log(`    ICPC, ${b.problems} packages (${(icpc.length / 1048576).toFixed(1)} MiB zip, 14 cases each): ${b.seconds.toFixed(2)} s, ${(b.problems / b.seconds).toFixed(1)} problems/s; judge peak memory → ${afterIcpc.toFixed(0)} MiB`);
  } finally {
    await st.stop();
  }
}
