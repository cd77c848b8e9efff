// CLICS event-feed import and export of contests: `POST /api/admin/contest/import-event-feed`
// creates a read-only contest from a feed (refused whole, with the line, when any line is wrong) and
// `GET /api/admin/contest/event-feed` writes a contest as a feed for ICPC Tools (resolver, CDS).
import { EVENT_FEED_LIMITS, OjError } from '@oj/proto';
import type { Viewer } from '../../account/viewer';
import type { ServiceContext } from '../../context';
import { requireContestAdmin } from '../scoreboard/contest-tools.service';
import { exportContestFeed } from './exporter';
import { writeImport } from './importer.repo';
import { FeedError, parseFeed } from './parser';
import { validateFeed } from './validator';

export interface EventFeedService {
  /** Root or admin: validates the whole NDJSON feed, then creates its contest in one transaction. */
  importFeed(feed: Buffer, viewer: Viewer): Promise<{ cid: number }>;
  /** The contest's admins (root, or its author while an admin): the contest as NDJSON, sealed results included. */
  exportFeed(cid: number, viewer: Viewer): Promise<{ fileName: string; ndjson: string }>;
}

const isSiteAdmin = (viewer: Viewer) => viewer.roles.includes('root') || viewer.roles.includes('admin');

export function createEventFeedService(ctx: ServiceContext): EventFeedService {
  const { db, logger } = ctx;
  return {
    async importFeed(feed, viewer) {
      if (!isSiteAdmin(viewer)) throw new OjError('AUTH_FORBIDDEN');
      if (feed.length > EVENT_FEED_LIMITS.maxBytes) throw new OjError('FILE_TOO_LARGE', { detail: `the feed is larger than ${EVENT_FEED_LIMITS.maxBytes} bytes` });
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(feed);
      } catch {
        throw new OjError('EVENT_FEED_INVALID', { line: 1, detail: 'the feed is not UTF-8 text' });
      }
      let plan;
      try {
        plan = validateFeed(parseFeed(text));
      } catch (err) {
        if (err instanceof FeedError) throw new OjError('EVENT_FEED_INVALID', { line: err.line, detail: err.detail.slice(0, EVENT_FEED_LIMITS.detailMax) });
        throw err;
      }
      const cid = await writeImport(db, plan, viewer);
      logger.info(
        { cid, problems: plan.problems.length, teams: plan.teams.length, records: plan.records.length, skippedHidden: plan.skippedHidden, by: viewer.uid },
        'event feed imported',
      );
      return { cid };
    },

    async exportFeed(cid, viewer) {
      // Every sealed verdict is in the feed: only those who see the live board may take it (another admin may not).
      const c = await requireContestAdmin(db, cid, viewer);
      return { fileName: `contest-${cid}-event-feed.ndjson`, ndjson: await exportContestFeed(db, c) };
    },
  };
}
