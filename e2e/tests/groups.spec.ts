import { expect, test, type Page } from './fixtures';
import { ADMIN } from '../support/env';
import { waitForMail } from '../support/mail';
import { expectGroupLinks, expectSuccess, field, groupLink, homeGroupList, loginAs, loginByEmail, openGroupFromHome } from './helpers';

/**
 * Groups end to end. Each test uses its own demo users and groups so the shared data
 * dir of a run does not couple them: E0001 administers every group (seed-data.ts).
 */

/** The group top page: its URL, and the notice the seed gave the group. */
async function expectGroupTop(page: Page, groupId: number, notice: string) {
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}$`));
  await expect(page.getByRole('region', { name: 'お知らせ' })).toContainText(notice);
}

const membersTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'メンバーメニュー' }).getByRole('tab', { name, exact: true });

test('an administrator invites a new address by e-mail; the newcomer registers, is approved and opens the group', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const email = `newcomer-${stamp}@sakura-seiki.example`;
  const employeeNumber = `N${stamp}`.toUpperCase();
  const password = 'Shinjin#2026';

  await loginAs(page, ADMIN.employeeNumber);
  const groupId = await openGroupFromHome(page, '大阪支社');
  await page.getByRole('tablist', { name: 'グループメニュー' }).getByRole('tab', { name: 'メンバー一覧' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/members/list$`));
  await membersTab(page, 'QRコード招待').click();
  await page.getByRole('link', { name: 'メールで招待' }).click();
  await expect(page).toHaveURL(/\/members\/qr-code-invite-auth$/);

  const since = Date.now();
  await page.getByLabel('招待するメールアドレス').fill(email);
  await page.getByRole('button', { name: 'アドレスを確認' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('新しいユーザーです');
  await page.getByRole('button', { name: '1件に招待メールを送信' }).click();
  await expectSuccess(page, '1件の招待メールを送信しました。');
  await membersTab(page, '招待中').click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('招待中');

  const mail = await waitForMail(email, since);
  expect(mail.subject).toContain('大阪支社');
  const link = /https?:\/\/\S+\/group\/[\w-]+\/preview/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The newcomer has no session: a separate browser context.
  const newcomer = await (await browser.newContext()).newPage();
  try {
    await newcomer.goto(new URL(link!).pathname);
    await expect(newcomer.getByRole('heading', { name: 'グループへの招待' })).toBeVisible();
    await expect(newcomer.getByText('大阪支社', { exact: true })).toBeVisible();
    await expect(newcomer.getByText(`${email} 宛ての招待です。`)).toBeVisible();
    await newcomer.getByRole('link', { name: '新規登録して参加を申請' }).click();
    await expect(newcomer).toHaveURL(/\/register\?/);

    await expect(field(newcomer, 'メールアドレス')).toHaveValue(email);
    await field(newcomer, '姓').fill('新井');
    await field(newcomer, '名').fill('春香');
    await field(newcomer, 'せい（ふりがな）').fill('あらい');
    await field(newcomer, 'めい（ふりがな）').fill('はるか');
    await field(newcomer, 'ログインID（社員番号）').fill(employeeNumber);
    await field(newcomer, 'パスワード').fill(password);
    await field(newcomer, 'パスワード（確認）').fill(password);
    await newcomer.getByRole('button', { name: '登録して参加を申請' }).click();
    await expect(newcomer.getByRole('status')).toContainText('「大阪支社」への参加を申請しました');

    // The invitation is used up by the request; the administrator approves the request.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('参加申請済み');
    await page.goto(`/group/${groupId}/members/join-request`);
    const request = page.getByRole('row').filter({ hasText: email });
    await expect(request).toContainText('新井 春香');
    await request.getByRole('button', { name: '承認', exact: true }).click();
    await expectSuccess(page, '新井 春香 さんの参加を承認しました。');
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

    await membersTab(page, 'メンバー一覧').click();
    await page.getByRole('searchbox', { name: 'メンバーを検索' }).fill('あらい');
    await page.getByRole('searchbox', { name: 'メンバーを検索' }).press('Enter');
    await expect(page.getByRole('row', { name: /新井 春香/ })).toBeVisible();

    // The new member logs in by e-mail and opens the group's top page.
    await loginByEmail(newcomer, email, password);
    await groupLink(homeGroupList(newcomer), '大阪支社').click();
    await expectGroupTop(newcomer, groupId, '大阪支社のお知らせ。');
  } finally {
    await newcomer.context().close();
  }
});

test('granting role_invite enables the members tabs for that member', async ({ page, browser }) => {
  // E0025 (阿部 隆) is a member of 品質保証 without the invite right.
  await loginAs(page, 'E0025');
  const groupId = await openGroupFromHome(page, '品質保証');
  await page.goto(`/group/${groupId}/members/list`);
  for (const tab of ['QRコード招待', '招待中', '参加申請']) {
    await expect(membersTab(page, tab)).toHaveAttribute('aria-disabled', 'true');
  }
  await expect(membersTab(page, 'メンバー一覧')).not.toHaveAttribute('aria-disabled', 'true');
  // Typing a guarded URL lands on the top page as well.
  await page.goto(`/group/${groupId}/members/invited`);
  await expectGroupTop(page, groupId, '品質保証の手順と記録。');

  const admin = await (await browser.newContext()).newPage();
  try {
    await loginAs(admin, ADMIN.employeeNumber);
    await admin.goto(`/group/${groupId}/members/role`);
    const rights = admin.getByRole('group', { name: '阿部 隆 さんの権限' });
    const invite = rights.getByRole('checkbox', { name: '招待', exact: true });
    await expect(invite).not.toBeChecked();
    await invite.check();
    await admin.getByRole('row').filter({ has: rights }).getByRole('button', { name: '保存する' }).click();
    await expectSuccess(admin, '阿部 隆 さんの権限を保存しました。');
    await admin.reload();
    await expect(
      admin.getByRole('group', { name: '阿部 隆 さんの権限' }).getByRole('checkbox', { name: '招待', exact: true }),
    ).toBeChecked();
  } finally {
    await admin.context().close();
  }

  await page.goto(`/group/${groupId}/members/list`);
  for (const tab of ['QRコード招待', '招待中', '参加申請']) {
    await expect(membersTab(page, tab)).not.toHaveAttribute('aria-disabled', 'true');
  }
  // Administrator-only tabs stay disabled.
  await expect(membersTab(page, '権限')).toHaveAttribute('aria-disabled', 'true');

  await membersTab(page, 'QRコード招待').click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/members/qr-code-invite$`));
  await expect(page.getByRole('img', { name: '招待リンクのQRコード' })).toBeVisible();
  await membersTab(page, '招待中').click();
  await expect(page).toHaveURL(/\/members\/invited$/);
  await membersTab(page, '参加申請').click();
  await expect(page).toHaveURL(/\/members\/join-request$/);
  await expect(page.getByText('参加申請の承認・却下は管理者のみ行えます。')).toBeVisible();
});

test('a plain member typing the equipment URL lands on the group top page', async ({ page }) => {
  await loginAs(page, 'E0002');
  const groupId = await openGroupFromHome(page, '総務部');
  await page.getByRole('tablist', { name: 'グループメニュー' }).getByRole('tab', { name: '設定' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/setting/information$`));
  const settingTabs = page.getByRole('tablist', { name: '設定メニュー' });
  await expect(settingTabs.getByRole('tab', { name: '設備・備品' })).toHaveAttribute('aria-disabled', 'true');

  await page.goto(`/group/${groupId}/setting/equipment`);
  await expectGroupTop(page, groupId, '総務部の連絡用グループです。');
  await expect(page.getByRole('heading', { name: '設備・備品' })).toHaveCount(0);
});

test('the home group list finds groups by a Japanese keyword, katakana and half-width forms', async ({ page }) => {
  // E0016 is in 全社連絡, 開発チーム and 東京支社 only.
  await loginAs(page, 'E0016');
  const list = homeGroupList(page);
  await expect(list.getByRole('link')).toHaveCount(3);
  const search = list.getByRole('searchbox', { name: 'グループを検索' });

  const searchFor = async (keyword: string, expected: string[]) => {
    await search.fill(keyword);
    await search.press('Enter');
    await expectGroupLinks(list, expected);
  };
  await searchFor('東京', ['東京支社']);
  await searchFor('支社', ['東京支社']);
  // The server folds katakana to hiragana and half-width to full-width (NFKC).
  await searchFor('ちーむ', ['開発チーム']);
  await searchFor('ﾁｰﾑ', ['開発チーム']);
  // A full-width space separates terms that must all match.
  await searchFor('全社　連絡', ['全社連絡']);
  await search.fill('大阪');
  await search.press('Enter');
  await expect(list.getByText('「大阪」に一致するグループはありません。')).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(0);
});

test('the navbar group menu finds a group by a Japanese keyword and opens it', async ({ page }) => {
  // E0019 is in 全社連絡, 開発チーム and 大阪支社 only.
  await loginAs(page, 'E0019');
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('button', { name: 'グループ', exact: true }).click();
  const menu = page.getByRole('region', { name: 'グループ', exact: true });
  const list = menu.getByRole('list', { name: 'グループ' });
  await expect(list.getByRole('link')).toHaveCount(3);

  // No Enter: the menu searches by itself once typing pauses (1000 ms debounce).
  const search = menu.getByRole('searchbox', { name: 'グループを検索' });
  await search.fill('支社');
  await expectGroupLinks(list, ['大阪支社']);
  await search.fill('ﾁｰﾑ');
  await expectGroupLinks(list, ['開発チーム']);
  await search.fill('東京');
  await expect(menu.getByText('「東京」に一致するグループはありません。')).toBeVisible();
  await search.fill('大阪');
  await expectGroupLinks(list, ['大阪支社']);

  await groupLink(list, '大阪支社').click();
  await expect(page).toHaveURL(/\/group\/\d+$/);
  await expect(page.getByRole('region', { name: 'お知らせ' })).toContainText('大阪支社のお知らせ。');
  await expect(menu).toBeHidden();
});
