// (j) Problem import: a 200-problem FPS file and a set of 50 ICPC packages, imported over REST into a running judge
// (`pnpm start`'s process): problems per second and the judge's peak memory (VmHWM of its largest node process).
import { writeZip } from '@oj/services';
import { login, peakNodeMemoryMb, startStackProcess } from './stack-process';

const cdata = (s: string) => `<![CDATA[${s}]]>`;
const caseText = (i: number, j: number) => `${i} ${j}\n${'7 '.repeat(400)}\n`;

/** An FPS 1.2 file of `n` problems, 10 cases each (~1 KB), an embedded PNG every tenth problem. */
export function fpsFile(n: number): Buffer {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082', 'hex').toString('base64');
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    const tests = Array.from({ length: 10 }, (_, j) => `<test_input>${cdata(caseText(i, j))}</test_input><test_output>${cdata(`${i + j}\n`)}</test_output>`).join('');
    const img = i % 10 === 0 ? `<img><src>img${i}.png</src><base64>${png}</base64></img>` : '';
    items.push(
      `<item><title>${cdata(`Bench ${i}`)}</title><time_limit unit="s">1</time_limit><memory_limit unit="mb">128</memory_limit>` +
        `<description>${cdata(`<p>Problem ${i}.</p>${img ? `<img src="img${i}.png">` : ''}`)}</description><input>${cdata('Two numbers.')}</input>` +
        `<output>${cdata('A number.')}</output><sample_input>${cdata('1 2')}</sample_input><sample_output>${cdata('3')}</sample_output>${tests}${img}` +
        `<hint>${cdata('none')}</hint><source>${cdata('bench')}</source></item>`,
    );
  }
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.2" url="https://github.com/zhblue/freeproblemset/">\n<generator name="bench"/>\n${items.join('\n')}\n</fps>\n`);
}

/** A zip of `n` ICPC package folders, each with 2 samples and 3 secret groups of 4 cases. */
export function icpcSet(n: number): Buffer {
  const files: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < n; i++) {
    const dir = `p${i}`;
    const f = (name: string, text: string) => files.push({ name: `${dir}/${name}`, data: Buffer.from(text) });
    f('problem.yaml', `name: Bench ${i}\nvalidator_flags: float_tolerance 1e-6\nlimits:\n  memory: 256\n`);
    f('.timelimit', '1\n');
    f('problem_statement/problem.en.md', `# Bench ${i}\n\nAdd two numbers.\n`);
    for (let s = 1; s <= 2; s++) {
      f(`data/sample/${s}.in`, caseText(i, s));
      f(`data/sample/${s}.ans`, `${i + s}\n`);
    }
    for (let g = 1; g <= 3; g++)
      for (let c = 1; c <= 4; c++) {
        f(`data/secret/group${g}/${c}.in`, caseText(i, g * 10 + c));
        f(`data/secret/group${g}/${c}.ans`, `${i + g * 10 + c}\n`);
      }
  }
  return writeZip(files);
}

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
