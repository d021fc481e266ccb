import { describe, expect, it } from 'vitest';
import { canaryBucket, canaryPolicy, DEFAULT_CANARY_POLICY, inCanary, judgeCanary } from './canary';

describe('canary assignment', () => {
  it('is sticky: the same user and build always get the same answer', () => {
    for (let id = 1; id <= 200; id++) {
      const first = inCanary(id, '0.2.0-abcdef12', 50);
      for (let i = 0; i < 3; i++) expect(inCanary(id, '0.2.0-abcdef12', 50)).toBe(first);
    }
  });

  it('puts close to the share of users on the canary', () => {
    for (const share of [5, 10, 25, 50, 90]) {
      let n = 0;
      for (let id = 1; id <= 20_000; id++) if (inCanary(id, '1.0.0-0badc0de', share)) n++;
      // 20 000 draws: one standard deviation is at most 0.35 points; allow about four.
      expect(Math.abs((n / 20_000) * 100 - share), `share ${share}`).toBeLessThan(1.5);
    }
  });

  it('gives roughly half of 20 users the canary at 50 %', () => {
    const n = Array.from({ length: 20 }, (_, i) => inCanary(1000 + i, '0.1.0-5eed5eed', 50)).filter(Boolean).length;
    expect(n).toBeGreaterThanOrEqual(5);
    expect(n).toBeLessThanOrEqual(15);
  });

  it('draws a fresh sample for each canary build, and a larger share keeps the smaller one', () => {
    const a = Array.from({ length: 1000 }, (_, i) => inCanary(i, 'v-a', 20));
    const b = Array.from({ length: 1000 }, (_, i) => inCanary(i, 'v-b', 20));
    expect(a.filter((x, i) => x !== b[i]).length).toBeGreaterThan(100);
    for (let id = 0; id < 1000; id++) if (inCanary(id, 'v-a', 20)) expect(inCanary(id, 'v-a', 60)).toBe(true);
  });

  it('never and always at the ends', () => {
    expect(inCanary(7, 'v', 0)).toBe(false);
    expect(inCanary(7, 'v', 100)).toBe(true);
    expect(canaryBucket(7, 'v')).toBeGreaterThanOrEqual(0);
    expect(canaryBucket(7, 'v')).toBeLessThan(10_000);
  });
});

describe('canary judgement', () => {
  const policy = { minLoads: 20, margin: 0.05, promoteAfter: 0 };

  it('waits for the minimum number of loads', () => {
    expect(judgeCanary({ loads: 19, errors: 19 }, { loads: 100, errors: 0 }, policy).action).toBe('wait');
  });

  it('withdraws a canary that fails more than the stable build plus the margin', () => {
    expect(judgeCanary({ loads: 20, errors: 2 }, { loads: 100, errors: 0 }, policy)).toEqual({
      action: 'rollback',
      canaryRate: 0.1,
      stableRate: 0,
    });
    expect(judgeCanary({ loads: 20, errors: 2 }, { loads: 100, errors: 6 }, policy).action).toBe('wait');
    // Errors reported apart from their loads cannot push the rate above 1.
    expect(judgeCanary({ loads: 20, errors: 40 }, { loads: 0, errors: 0 }, policy).canaryRate).toBe(1);
  });

  it('promotes after enough clean loads only when asked to', () => {
    expect(judgeCanary({ loads: 500, errors: 0 }, { loads: 500, errors: 0 }, policy).action).toBe('wait');
    expect(judgeCanary({ loads: 500, errors: 1 }, { loads: 500, errors: 0 }, { ...policy, promoteAfter: 500 }).action).toBe('promote');
  });

  it('reads its settings from the environment, with documented defaults', () => {
    expect(canaryPolicy({})).toEqual(DEFAULT_CANARY_POLICY);
    expect(canaryPolicy({ CANARY_MIN_LOADS: '5', CANARY_ERROR_MARGIN: '0.2', CANARY_PROMOTE_AFTER: '1000' })).toEqual({
      minLoads: 5,
      margin: 0.2,
      promoteAfter: 1000,
    });
    expect(() => canaryPolicy({ CANARY_ERROR_MARGIN: '5' })).toThrow(/fraction/);
    expect(() => canaryPolicy({ CANARY_MIN_LOADS: 'x' })).toThrow();
  });
});
