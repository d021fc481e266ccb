import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { adminWorld, API, type AdminWorld } from './fixtures.test-util';
import { importHooks } from './import';

const HEADER = '社員番号,姓,名,姓かな,名かな,メールアドレス,部署,グループ';
type Row = [string, string, string, string, string, string, string, string];
const csvText = (rows: Row[]) => [HEADER, ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
const b64 = (buf: Buffer) => buf.toString('base64');

describe.each(DIALECTS)('admin: CSV import and export (%s)', (dialect) => {
  let t: TestApp;
  let w: AdminWorld;
  let groupName: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await adminWorld(t);
    groupName = (await t.ctx.db.selectFrom('groups').select('name').where('id', '=', w.group).executeTakeFirstOrThrow()).name;
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete importHooks.beforeRow;
  });

  const preview = (file: Buffer) =>
    t.inject({
      method: 'POST',
      url: `${API}/company/user-imports`,
      token: w.adminToken,
      payload: { file_name: 'staff.csv', file_base64: b64(file) },
    });
  const apply = (id: number) =>
    t.inject({ method: 'POST', url: `${API}/company/user-imports/${id}/apply`, token: w.adminToken, payload: {} });
  const userCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('Shift_JIS (CP932) names round-trip exactly: 髙橋, 﨑 and a half-width katakana department', async () => {
    const rows: Row[] = [
      ['SJ1', '髙橋', '誠', 'たかはし', 'まこと', 'sj1@corp.example', 'ｴｲｷﾞｮｳﾌﾞ', groupName],
      ['SJ2', '山﨑', '花子', 'やまさき', 'はなこ', 'SJ2@Corp.example', '総務部', ''],
    ];
    const res = await preview(iconv.encode(csvText(rows), 'cp932'));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items).toMatchObject({ encoding: 'sjis', status: 'previewed', total: 2, created: 2, refused: 0 });
    expect(items.rows.data.map((r: { name: string }) => r.name)).toEqual(['髙橋 誠', '山﨑 花子']);
    expect((await apply(items.id)).json().items).toMatchObject({ status: 'applied', created: 2 });
    const stored = await t.ctx.db
      .selectFrom('users')
      .select(['employee_number', 'last_name', 'department', 'email'])
      .where('employee_number', 'in', ['SJ1', 'SJ2'])
      .orderBy('employee_number')
      .execute();
    expect(stored).toEqual([
      { employee_number: 'SJ1', last_name: '髙橋', department: 'ｴｲｷﾞｮｳﾌﾞ', email: 'sj1@corp.example' },
      { employee_number: 'SJ2', last_name: '山﨑', department: '総務部', email: 'sj2@corp.example' },
    ]);
    const sj1 = await t.ctx.db.selectFrom('users').select('id').where('employee_number', '=', 'SJ1').executeTakeFirstOrThrow();
    expect(await t.ctx.db.selectFrom('group_members').select('group_id').where('user_id', '=', sj1.id).execute()).toEqual([
      { group_id: w.group },
    ]);

    // Export in the same format and encoding; importing that file changes nothing.
    const exported = await t.inject({ method: 'GET', url: `${API}/company/users/export?encoding=sjis`, token: w.adminToken });
    expect(exported.headers['content-type']).toContain('Shift_JIS');
    const text = iconv.decode(exported.rawPayload, 'cp932');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    expect(text).toContain(`SJ1,髙橋,誠,たかはし,まこと,sj1@corp.example,ｴｲｷﾞｮｳﾌﾞ,${groupName}`);
    expect(text).toContain('SJ2,山﨑,花子,やまさき,はなこ,sj2@corp.example,総務部,');
    const again = (await preview(exported.rawPayload)).json().items;
    expect(again).toMatchObject({ encoding: 'sjis', created: 0, changed: 0, refused: 0 });
  });

  it('reads UTF-8 with and without BOM, and English headers', async () => {
    const withBom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(csvText([['U1', '上田', '一', 'うえだ', 'はじめ', 'u1@corp.example', '', '']])),
    ]);
    expect((await preview(withBom)).json().items).toMatchObject({ encoding: 'utf8_bom', created: 1 });
    const english = Buffer.from('employee_number,last_name,first_name,email\nU2,上田,二,u2@corp.example\n');
    expect((await preview(english)).json().items).toMatchObject({ encoding: 'utf8', created: 1 });
    const notCsv = await preview(Buffer.from('hello,world\n1,2\n'));
    expect(notCsv.json()).toMatchObject({ status_code: 'VALIDATION_ERROR', errors: { file_base64: ['validation.csv_missing_columns'] } });
  });

  it('refuses rows with reasons: kana, e-mail, duplicates in the file and the database, unknown group, other company', async () => {
    const taken = await t.createUser({ companyId: w.admin.companyId });
    const rows: Row[] = [
      ['BAD1', '加藤', '一', 'カトウ', 'いち', 'bad1@corp.example', '', ''],
      ['BAD2', '加藤', '二', 'かとう', 'に', 'not-an-email', '', ''],
      ['BAD3', '加藤', '三', 'かとう', 'さん', 'dup@corp.example', '', ''],
      ['BAD3', '加藤', '四', 'かとう', 'よん', 'dup2@corp.example', '', ''],
      ['BAD5', '加藤', '五', 'かとう', 'ご', taken.email, '', ''],
      ['BAD6', '加藤', '六', 'かとう', 'ろく', 'bad6@corp.example', '', '存在しない'],
      [w.stranger.employee_number, '加藤', '七', 'かとう', 'なな', 'bad7@corp.example', '', ''],
      [w.member.employee_number, '山田', '太郎', 'やまだ', 'たろう', w.member.email, '人事部', ''],
      ['OK9', '加藤', '九', 'かとう', 'きゅう', 'ok9@corp.example', '', ''],
    ];
    const items = (await preview(Buffer.from(csvText(rows)))).json().items;
    expect(items).toMatchObject({ total: 9, created: 1, changed: 1, refused: 7 });
    const byLine = new Map(items.rows.data.map((r: { line: number }) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ state: 'refused', errors: [{ column: 'last_name_kana', code: 'validation.kana' }] });
    expect(byLine.get(3)).toMatchObject({ state: 'refused', errors: [{ column: 'email' }] });
    expect(byLine.get(4)).toMatchObject({ errors: [{ column: 'employee_number', code: 'validation.duplicate_in_file' }] });
    expect(byLine.get(6)).toMatchObject({ errors: [{ column: 'email', code: 'validation.duplicate_email' }] });
    expect(byLine.get(7)).toMatchObject({ errors: [{ column: 'groups', code: 'validation.group_not_found' }] });
    expect(byLine.get(8)).toMatchObject({ errors: [{ column: 'employee_number', code: 'validation.employee_number_used' }] });
    expect(byLine.get(9)).toMatchObject({ state: 'change', changes: ['department'] });
    const refusedOnly = await t.inject({
      method: 'GET',
      url: `${API}/company/user-imports/${items.id}?filter=refused&limit=5`,
      token: w.adminToken,
    });
    expect(refusedOnly.json().items.rows).toMatchObject({ total: 7, last_page: 2 });
    const before = await userCount();
    const res = await apply(items.id);
    expect(res.json().status_code).toBe('IMPORT_HAS_ERRORS');
    expect(await userCount()).toBe(before);
  });

  it('the same file applied twice changes nothing the second time', async () => {
    const file = Buffer.from(
      csvText([
        ['TW1', '二階堂', '一', 'にかいどう', 'いち', 'tw1@corp.example', '開発部', groupName],
        ['TW2', '二階堂', '二', 'にかいどう', 'に', 'tw2@corp.example', '開発部', ''],
      ]),
    );
    expect((await apply((await preview(file)).json().items.id)).json().items).toMatchObject({ created: 2 });
    const snapshot = async () => ({
      users: await t.ctx.db.selectFrom('users').selectAll().where('employee_number', 'in', ['TW1', 'TW2']).orderBy('id').execute(),
      members: await t.ctx.db.selectFrom('group_members').selectAll().orderBy('group_id').orderBy('user_id').execute(),
    });
    const first = await snapshot();
    t.clock.advance(60_000);
    w.adminToken = await t.login(w.admin);
    const second = (await apply((await preview(file)).json().items.id)).json().items;
    expect(second).toMatchObject({ status: 'applied', created: 0, changed: 0, unchanged: 2 });
    expect(await snapshot()).toEqual(first);
  });

  it('an import that fails on row 7,000 leaves the database as it was, and can be applied again', async () => {
    const rows: Row[] = [];
    for (let i = 1; i <= 7500; i++)
      rows.push([`BULK${i}`, '大量', `${i}`, 'たいりょう', 'いち', `bulk${i}@corp.example`, '', i % 2 ? groupName : '']);
    const items = (await preview(Buffer.from(csvText(rows)))).json().items;
    expect(items).toMatchObject({ total: 7500, created: 7500, refused: 0 });
    const users = await userCount();
    const members = (await t.ctx.db.selectFrom('group_members').select('user_id').execute()).length;
    // Line 7001 is the 7,000th data row (the header is line 1).
    importHooks.beforeRow = (line) => {
      if (line === 7001) throw new Error('disk full at row 7000');
    };
    expect((await apply(items.id)).statusCode).toBe(500);
    expect(await userCount()).toBe(users);
    expect((await t.ctx.db.selectFrom('group_members').select('user_id').execute()).length).toBe(members);
    const failed = (await t.inject({ method: 'GET', url: `${API}/company/user-imports/${items.id}`, token: w.adminToken })).json().items;
    expect(failed).toMatchObject({ status: 'failed', error: 'INTERNAL_ERROR' });
    delete importHooks.beforeRow;
    const done = (await apply(items.id)).json().items;
    expect(done).toMatchObject({ status: 'applied', created: 7500, progress: 7500 });
    expect(await userCount()).toBe(users + 7500);
  }, 120_000);

  it('a row that became invalid after the preview refuses the whole apply', async () => {
    const file = Buffer.from(
      csvText([
        ['LATE1', '遅延', '一', 'ちえん', 'いち', 'late1@corp.example', '', ''],
        ['LATE2', '遅延', '二', 'ちえん', 'に', 'late2@corp.example', '', ''],
      ]),
    );
    const id = (await preview(file)).json().items.id;
    await t.ctx.db.updateTable('users').set({ email: 'late2@corp.example' }).where('id', '=', w.member.id).execute();
    const before = await userCount();
    const res = await apply(id);
    expect(res.json()).toMatchObject({
      status_code: 'IMPORT_HAS_ERRORS',
      data: { rows: [{ line: 3, errors: [{ code: 'validation.duplicate_email' }] }] },
    });
    expect(await userCount()).toBe(before);
  });

  it('export refuses Shift_JIS when a name cannot be written in it, and guards spreadsheet formulas', async () => {
    await t.createUser({ companyId: w.admin.companyId, lastName: '𠮷野', firstName: '=cmd' });
    const sjis = await t.inject({ method: 'GET', url: `${API}/company/users/export?encoding=sjis`, token: w.adminToken });
    expect(sjis.json().status_code).toBe('NOT_ALL_ENCODABLE');
    const utf8 = await t.inject({ method: 'GET', url: `${API}/company/users/export?encoding=utf8_bom`, token: w.adminToken });
    expect([...utf8.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(utf8.rawPayload.toString('utf8')).toContain(`,𠮷野,'=cmd,`);
  });
});
