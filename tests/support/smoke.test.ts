// The test support itself: the shared PostgreSQL answers, and a private nats-server accepts JetStream clients.
import { describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { startTestDatabase } from './pg';
import { startTestNats } from './nats';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

describe('test support', () => {
  it('gives a fresh database', async () => {
    const db = await startTestDatabase();
    const sql = postgres(db.url, { max: 1 });
    const [row] = await sql`select current_database() as name, 1 + 1 as two`;
    expect(row!.two).toBe(2);
    expect(row!.name).toMatch(/^oj_test_/);
    await sql.end();
    await db.stop();
  });
  it('gives a nats-server with JetStream', async () => {
    const n = await startTestNats();
    const nc = await connect({ servers: n.url });
    const jsm = await jetstreamManager(nc);
    const info = await jsm.getAccountInfo();
    expect(info.streams).toBe(0);
    await nc.close();
    await n.stop();
  });
});
