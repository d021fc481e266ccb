import { myProfileSchema } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';

const API = '/service/api/v1';

const PROFILE = {
  last_name: '佐藤',
  first_name: '花子',
  last_name_kana: 'さとう',
  first_name_kana: 'はなこ',
  email_option: 1,
  self_introduction: 'よろしく',
};
const COMPANY = {
  company_info_display_option: 1,
  department: '開発部',
  job_title: '主任',
  zipcode: '1000001',
  prefecture: '東京都',
  city: '千代田区',
  other_address: '千代田1-1',
  building_name: '',
  phone: '03-1234-5678',
  url: 'https://example.com/me',
};
const PERSONAL = {
  gender: 2,
  birthday_year: 1990,
  birthday_month: 2,
  birthday_day: 28,
  birthday_option: 0,
  nearest_station: '東京駅',
  zipcode: '5300001',
  prefecture: '大阪府',
  prefecture_option: 1,
  city: '大阪市北区',
  other_address: '梅田',
  building_name: '',
  phones: ['090-1234-5678'],
  urls: ['https://example.org'],
};

describe.each(DIALECTS)('settings: profile (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = (token?: string) => t.inject({ method: 'GET', url: `${API}/members/me/profile`, ...(token ? { token } : {}) });
  const put = (path: string, payload: unknown, token?: string) =>
    t.inject({ method: 'PUT', url: `${API}/members/me/${path}`, payload: payload as object, ...(token ? { token } : {}) });

  it('refuses anonymous callers on every route', async () => {
    expect((await get()).statusCode).toBe(401);
    for (const [path, body] of [
      ['profile', PROFILE],
      ['company-info', COMPANY],
      ['personal-info', PERSONAL],
    ] as const) {
      expect((await put(path, body)).statusCode).toBe(401);
    }
    expect((await t.inject({ method: 'GET', url: `${API}/postal-codes/1000001` })).statusCode).toBe(401);
  });

  it('reads the defaults, then stores each section for the caller only', async () => {
    const u = await t.createUser();
    const other = await t.createUser({ companyId: u.companyId });
    const token = await t.login(u);
    const first = myProfileSchema.parse((await get(token)).json().items);
    expect(first.info).toMatchObject({ id: u.id, email: u.email, employee_number: u.employee_number });
    expect(first.personal_info).toMatchObject({ gender: 0, phones: [], urls: [], birthday_year: null });

    expect((await put('profile', PROFILE, token)).statusCode).toBe(200);
    expect((await put('company-info', COMPANY, token)).statusCode).toBe(200);
    const res = await put('personal-info', PERSONAL, token);
    expect(res.statusCode).toBe(200);
    const mine = myProfileSchema.parse(res.json().items);
    expect(mine.profile).toMatchObject(PROFILE);
    expect(mine.company_info).toEqual(COMPANY);
    expect(mine.personal_info).toEqual(PERSONAL);

    // Nothing reached the colleague of the same company.
    const theirs = myProfileSchema.parse((await get(await t.login(other))).json().items);
    expect(theirs.info.id).toBe(other.id);
    expect(theirs.profile.first_name).toBe('太郎');
    expect(theirs.personal_info.phones).toEqual([]);
  });

  it('cannot name another user: a user id in the body is an unknown field', async () => {
    const u = await t.createUser();
    const victim = await t.createUser({ companyId: u.companyId });
    const res = await put('profile', { ...PROFILE, id: victim.id }, await t.login(u));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.id).toEqual(['validation.unknown_field']);
    const row = await t.ctx.db.selectFrom('users').select('first_name').where('id', '=', victim.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('太郎');
  });

  it('applies the section-5 rules with their keys and stores nothing of a refused request', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const cases: [string, object, string, string][] = [
      ['profile', { ...PROFILE, last_name: '' }, 'last_name', 'validation.required'],
      ['profile', { ...PROFILE, first_name_kana: 'ハナコ' }, 'first_name_kana', 'validation.kana'],
      ['profile', { ...PROFILE, first_name: '花子😀' }, 'first_name', 'validation.no_emoji'],
      ['profile', { ...PROFILE, self_introduction: '<script>alert(1)</script>' }, 'self_introduction', 'validation.no_script'],
      ['profile', { ...PROFILE, self_introduction: 'あ'.repeat(1001) }, 'self_introduction', 'validation.max_length'],
      ['company-info', { ...COMPANY, zipcode: '100-0001' }, 'zipcode', 'validation.postal_code'],
      ['company-info', { ...COMPANY, phone: '03-1234-5678-99' }, 'phone', 'validation.phone'],
      ['company-info', { ...COMPANY, url: 'javascript:alert(1)' }, 'url', 'validation.url'],
      ['personal-info', { ...PERSONAL, birthday_month: 2, birthday_day: 30 }, 'birthday', 'validation.birthday_invalid'],
      ['personal-info', { ...PERSONAL, birthday_year: 2999 }, 'birthday', 'validation.birthday_invalid'],
      ['personal-info', { ...PERSONAL, birthday_day: null }, 'birthday', 'validation.birthday_invalid'],
      ['personal-info', { ...PERSONAL, phones: ['abc'] }, 'phones.0', 'validation.phone'],
      ['personal-info', { ...PERSONAL, urls: ['ftp://x'] }, 'urls.0', 'validation.url'],
      ['personal-info', { ...PERSONAL, phones: ['1', '2', '3', '4'] }, 'phones', 'validation.max'],
    ];
    for (const [path, body, field, key] of cases) {
      const res = await put(path, body, token);
      expect(res.statusCode, `${path} ${field}`).toBe(400);
      expect(res.json().errors[field], `${path} ${field}`).toContain(key);
    }
    // One bad field refuses the whole section: the good ones beside it were not saved either.
    const mixed = await put('company-info', { ...COMPANY, department: '新部署', phone: 'x' }, token);
    expect(mixed.statusCode).toBe(400);
    const after = myProfileSchema.parse((await get(token)).json().items);
    expect(after.company_info.department).toBe('');
    expect(after.profile.first_name).toBe('太郎');
    expect(after.personal_info.birthday_year).toBeNull();
    const rows = await t.ctx.db.selectFrom('user_profiles').select('user_id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('looks up a postal code from the shipped data and rejects a malformed one', async () => {
    const token = await t.login(await t.createUser());
    const ok = await t.inject({ method: 'GET', url: `${API}/postal-codes/1000001`, token });
    expect(ok.json().items).toEqual({ zipcode: '1000001', prefecture: '東京都', city: '千代田区', town: '千代田' });
    const unknown = await t.inject({ method: 'GET', url: `${API}/postal-codes/9999999`, token });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().items).toBeNull();
    const bad = await t.inject({ method: 'GET', url: `${API}/postal-codes/100-0001`, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toEqual(['validation.postal_code']);
  });
});
