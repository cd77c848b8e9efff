// (k) Users import: a 10,000-row CSV previewed (upload, UTF-8 check, every row checked against the file and the
// database) and then confirmed (all rows checked again, hashed at the bulk cost, written in one transaction), over
// REST into a running judge (`pnpm start`'s process).
import { login, startStackProcess } from './stack-process';

async function timed<T>(what: string, work: () => Promise<Response>): Promise<{ seconds: number; data: T }> {
  const t0 = performance.now();
  const body = (await (await work()).json()) as { status: number; msg: string; data: T };
  if (body.status !== 200) throw new Error(`${what}: ${body.msg}`);
  return { seconds: (performance.now() - t0) / 1000, data: body.data };
}

export async function benchUserImport(rows = 10_000): Promise<void> {
  console.log(`(k) users import of a ${rows.toLocaleString('en')}-row CSV over REST into a running judge`);
  const st = await startStackProcess();
  try {
    const { token } = await login(st.baseUrl, 'root', st.adminPassword);
    const csv = ['username,password,email,realname,gender', ...Array.from({ length: rows }, (_, i) => `bench${i},pass${i}word,bench${i}@example.com,Bench ${i},${i % 2}`)].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv]), 'users.csv');
    const headers = { authorization: token };
    const preview = await timed<{ rows: { cells: string[] }[]; bad: number }>('preview', () =>
      fetch(`${st.baseUrl}/api/admin/user/preview-batch-user`, { method: 'POST', headers, body: form }),
    );
    const users = preview.data.rows.map((r) => r.cells);
    const insert = await timed<{ inserted: number }>('insert', () =>
      fetch(`${st.baseUrl}/api/admin/user/insert-batch-user`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ users }) }),
    );
    console.log(`    preview: ${preview.seconds.toFixed(2)} s (${preview.data.bad} bad rows); confirm: ${insert.seconds.toFixed(2)} s for ${insert.data.inserted} users (${(insert.data.inserted / insert.seconds).toFixed(0)} users/s)`);
  } finally {
    await st.stop();
  }
}
