import { describe, expect, it } from 'vitest';
import { i18n } from '@portal/i18n';
import { auditDetail } from './auditDetail';

const t = (lang: string) => i18n.getFixedT(lang, 'settings');

describe('audit details in the reader’s language', () => {
  it('says the notes the API writes in Japanese and English, and shows anything else as stored', () => {
    expect(auditDetail(t('ja'), 'failures: 1')).toBe('連続失敗 1回');
    expect(auditDetail(t('en'), 'failures: 3')).toBe('3 failures in a row');
    expect(auditDetail(t('ja'), 'demo #4')).toBe('デモデータ（4人目）');
    expect(auditDetail(t('ja'), 'created 50, changed 0, unchanged 0')).toBe('新規 50件、変更 0件、変更なし 0件');
    expect(auditDetail(t('en'), 'capacity_gb: 100 → 200, audit_retention_days: 365 → 400')).toBe(
      'capacity (GB): 100 → 200, audit retention (days): 365 → 400',
    );
    expect(auditDetail(t('ja'), 'is_company_admin: true')).toBe('会社管理者を付与');
    expect(auditDetail(t('ja'), 'email, department')).toBe('変更した項目: メールアドレス、部署');
    expect(auditDetail(t('ja'), '2 files: a.pdf, b.pdf (auto-delete from the bin)')).toBe('ファイル 2件: a.pdf, b.pdf（ゴミ箱の自動削除）');
    expect(auditDetail(t('en'), 'group #5 (auto-delete from the bin)')).toBe('group #5 (automatic deletion from the bin)');
    expect(auditDetail(t('ja'), 'staff-sjis.csv だけの自由記述')).toBe('staff-sjis.csv だけの自由記述');
  });
});
