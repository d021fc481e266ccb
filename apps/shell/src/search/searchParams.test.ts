import { describe, expect, it } from 'vitest';
import { apiQuery, EMPTY_FORM, fromUrlParams, toUrlParams, validateForm } from './searchParams';

// 2026-11-24 12:00 in Japan.
const NOW = Date.UTC(2026, 10, 24, 3, 0, 0);

describe('search URL', () => {
  it('carries the whole query, custom dates as YYYY/MM/DD, and reads it back', () => {
    const v = {
      ...EMPTY_FORM,
      target: 1 as const,
      data: [2, 1],
      group: 5,
      groupName: '営業',
      keyword: ' 東京 ',
      range: 5,
      start: '2026-11-01',
      end: '2026-11-20',
    };
    const p = toUrlParams(v, 2);
    expect(p.toString()).toBe(
      'target_search=1&target_data=1%2C2&target_group=5&target_group_name=%E5%96%B6%E6%A5%AD&keyword_search=%E6%9D%B1%E4%BA%AC&time_range=5&time_start=2026%2F11%2F01&time_end=2026%2F11%2F20&page=2',
    );
    expect(fromUrlParams(p)).toEqual({ ...v, data: [1, 2], keyword: '東京' });
    expect(apiQuery(p)).not.toHaveProperty('target_group_name');
  });

  it('drops the group for chat and calendar', () => {
    expect(toUrlParams({ ...EMPTY_FORM, target: 3, group: 5, keyword: 'a' }).has('target_group')).toBe(false);
  });
});

describe('search form rules (section 5)', () => {
  const ok = { ...EMPTY_FORM, target: 1 as const, keyword: '東京' };
  it('needs a target and a keyword of at most 255 characters', () => {
    expect(validateForm(ok, NOW)).toEqual({});
    expect(validateForm({ ...ok, target: null }, NOW)).toEqual({ target_search: 'validation.search_target_required' });
    expect(validateForm({ ...ok, keyword: '  ' }, NOW)).toEqual({ keyword_search: 'validation.required' });
    expect(validateForm({ ...ok, keyword: 'あ'.repeat(256) }, NOW)).toEqual({ keyword_search: 'validation.max_length' });
  });

  it('refuses a data kind the target disables', () => {
    expect(validateForm({ ...ok, target: 3, data: [1] }, NOW)).toEqual({ target_data: 'validation.search_data_disabled' });
    expect(validateForm({ ...ok, target: 4, data: [1, 3] }, NOW)).toEqual({});
  });

  it('checks the custom range against today in Japan', () => {
    const custom = { ...ok, range: 5 };
    expect(validateForm({ ...custom, start: '', end: '' }, NOW)).toEqual({
      time_start: 'validation.required',
      time_end: 'validation.required',
    });
    expect(validateForm({ ...custom, start: '2026-11-01', end: '2026-11-25' }, NOW)).toEqual({ time_end: 'validation.max_date' });
    expect(validateForm({ ...custom, start: '2026-11-20', end: '2026-11-10' }, NOW)).toEqual({ time_start: 'validation.period_invalid' });
    expect(validateForm({ ...custom, start: '2026-11-01', end: '2026-11-24' }, NOW)).toEqual({});
  });
});
