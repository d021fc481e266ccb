import { useTranslation } from 'react-i18next';
import { LIMITS, type StorageUsage } from '@portal/api-client/core';
import { formatStorageAmount } from './format';

const levelOf = (usage: StorageUsage) => (usage.full ? 'full' : usage.warning ? 'warning' : 'ok');

function Meter({ usage, label }: { usage: StorageUsage; label: string }) {
  const { t } = useTranslation('files');
  const percent = Math.max(0, usage.percent);
  return (
    <>
      <div
        className="pfile-storage__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
      >
        <span className="pfile-storage__fill" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <p className="pfile-storage__numbers">
        {t('storage.usage', {
          used: formatStorageAmount(usage.used_bytes),
          capacity: formatStorageAmount(usage.capacity_bytes),
          percent: percent.toFixed(2),
        })}
      </p>
    </>
  );
}

function CompanyMeter({ company, hint }: { company: StorageUsage; hint?: string | undefined }) {
  const { t } = useTranslation('files');
  const level = levelOf(company);
  return (
    <section className={`pfile-storage pfile-storage--${level}`} aria-label={t('storage.company_title')}>
      <Meter usage={company} label={t('storage.company_title')} />
      {hint && <p className="pfile-storage__numbers pfile-muted">{hint}</p>}
      {level !== 'ok' && (
        <p role="alert" className="pfile-storage__alert">
          {t(level === 'full' ? 'storage.company_full' : 'storage.company_warning', { percent: LIMITS.storageWarningPercent })}
        </p>
      )}
    </section>
  );
}

/**
 * Storage use with the section-9 warnings: at 80 % and when full (uploads are refused then).
 * Group files count against the group's and the company's capacity: the group figure is always
 * shown and the company one once it reaches a warning level, since a group with room left can
 * still be refused for it. Common files count against the company only (`usage` null): the
 * company figure is the common area's, always shown.
 */
export function StorageBar({ usage, company }: { usage: StorageUsage | null; company?: StorageUsage | undefined }) {
  const { t } = useTranslation('files');
  if (!usage) return company ? <CompanyMeter company={company} hint={t('storage.common_hint')} /> : null;
  const level = levelOf(usage);
  return (
    <>
      <section className={`pfile-storage pfile-storage--${level}`} aria-label={t('storage.title')}>
        <Meter usage={usage} label={t('storage.title')} />
        {level !== 'ok' && (
          <p role="alert" className="pfile-storage__alert">
            {t(level === 'full' ? 'storage.full' : 'storage.warning', { percent: LIMITS.storageWarningPercent })}
          </p>
        )}
      </section>
      {company && levelOf(company) !== 'ok' && <CompanyMeter company={company} />}
    </>
  );
}
