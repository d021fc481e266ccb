import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@portal/api-client/browser';
import { adminKeys } from '../../api/admin';

/**
 * The release this deployment runs, at the foot of company administration: what an administrator
 * quotes to support (the portal's version and the build each remote serves now).
 */
export function ReleaseLine() {
  const { t } = useTranslation('settings');
  const q = useQuery({ queryKey: adminKeys.release(), queryFn: async () => (await api.call('adminRelease')).items, staleTime: 60_000 });
  if (!q.data) return null;
  return (
    <footer className="padm__release" aria-label={t('admin.release.label')}>
      <span>{t('admin.release.portal', { version: q.data.version })}</span>
      <span>
        {t('admin.release.remotes')}: {q.data.remotes.map((r) => `${r.name} ${r.version ?? t('admin.release.unpublished')}`).join(' / ')}
      </span>
    </footer>
  );
}
