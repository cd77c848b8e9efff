// What every service of one `createServices()` shares: the database, the bus, the config and the logger.
import type { Logger } from 'pino';
import type { ServicesTransport } from '@oj/proto';
import type { ServicesConfig } from './config';
import type { Db } from './db/client';

export interface ServiceContext {
  db: Db;
  transport: ServicesTransport;
  config: ServicesConfig;
  logger: Logger;
}
