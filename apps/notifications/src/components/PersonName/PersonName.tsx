import { useTranslation } from 'react-i18next';

/** A person's name with section 3's leave suffix (left the group / left the system). */
export function PersonName({ name, status }: { name: string | null; status: number }) {
  const { t } = useTranslation('notifications');
  if (name === null) return <span className="pntf-person">{t('common.anonymous')}</span>;
  return (
    <span className="pntf-person">
      {name}
      {status === 1 && t('common.left_group')}
      {status === 2 && t('common.left_system')}
    </span>
  );
}
