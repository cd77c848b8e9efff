// Pushes each problem's judging queue to admins (`judge.queue` on `judge-status`): checked once a second, sent
// when it changed, so the admin problem list's queue column moves as submissions arrive and finish.
import { topics, type JudgeQueueData } from '@oj/proto';
import type { ServiceContext } from '../context';
import { appendPush, publishAll } from '../push/push.service';
import { problemQueues } from './problem-admin.repo';

const EVERY_MS = 1000;

export class ProblemQueuePublisher {
  private timer: NodeJS.Timeout | null = null;
  private last = '[]';
  private running: Promise<void> | null = null;

  constructor(private readonly ctx: ServiceContext) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.tick()
        .then(() => undefined)
        .finally(() => (this.running = null));
    }, EVERY_MS);
    this.timer.unref();
  }

  /** Publishes the queues if they changed since the last push; whether it pushed. */
  async tick(): Promise<boolean> {
    try {
      const data: JudgeQueueData = { problems: await problemQueues(this.ctx.db) };
      const sig = JSON.stringify(data.problems);
      if (sig === this.last) return false;
      this.last = sig;
      const msg = await this.ctx.db.transaction((tx) => appendPush(tx, topics.judgeStatus(), 'judge.queue', { ...data }));
      await publishAll(this.ctx.transport, [msg], this.ctx.logger);
      return true;
    } catch (err) {
      this.ctx.logger.warn({ err }, 'judge queue not pushed');
      return false;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
