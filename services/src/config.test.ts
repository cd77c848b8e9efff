import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICES_CONFIG, loadServicesConfig, resolveServicesConfig } from './config';

describe('loadServicesConfig', () => {
  it('uses the defaults for an empty environment', () => {
    const c = loadServicesConfig({});
    expect(c).toEqual(DEFAULT_SERVICES_CONFIG);
    expect(c.judgeStallS).toBe(300);
    expect(c.submitIntervalS).toBe(8);
    expect(c.site).toMatchObject({ name: 'Realtime OJ', shortName: 'ROJ', register: true });
  });

  it('reads the variables it knows', () => {
    const c = loadServicesConfig({ OJ_JUDGE_STALL_S: '60', OJ_SUBMIT_INTERVAL_S: '0', OJ_SITE_NAME: 'My OJ', OJ_REGISTER: 'false', UNRELATED: 'x' });
    expect(c.judgeStallS).toBe(60);
    expect(c.submitIntervalS).toBe(0);
    expect(c.site.name).toBe('My OJ');
    expect(c.site.register).toBe(false);
  });

  it('names the bad variable', () => {
    expect(() => loadServicesConfig({ OJ_JUDGE_STALL_S: 'soon' })).toThrow(/OJ_JUDGE_STALL_S/);
    expect(() => loadServicesConfig({ OJ_JUDGE_STALL_S: '0' })).toThrow(/OJ_JUDGE_STALL_S/);
    expect(() => loadServicesConfig({ OJ_REGISTER: 'yes' })).toThrow(/OJ_REGISTER/);
  });

  it('merges a partial config over the defaults, site field by field', () => {
    const c = resolveServicesConfig({ submitIntervalS: 0, site: { ...DEFAULT_SERVICES_CONFIG.site, name: 'X' } });
    expect(c.submitIntervalS).toBe(0);
    expect(c.judgeStallS).toBe(300);
    expect(c.site.name).toBe('X');
  });
});
