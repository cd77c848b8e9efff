// @oj/gateway: the Fastify REST + Socket.IO front of the judge.
export { buildGateway, type Gateway, type GatewayOptions } from './gateway';
export { loadGatewayConfig, type GatewayConfig, type RateLimitConfig } from './config';
export { startOpsServer, type OpsServer } from './ops/ops-server';
export { recordHttpRequest } from './ops/gateway-metrics';
