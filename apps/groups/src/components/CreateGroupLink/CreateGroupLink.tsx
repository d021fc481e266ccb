import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/group';

/**
 * "Create a group", for company administrators only (the API refuses everyone else). The home
 * group list and the /group empty state render it.
 */
export function CreateGroupLink({ className }: { className?: string }) {
  const { t } = useTranslation('groups');
  const me = useMe();
  if (!me.data?.info.is_company_admin) return null;
  return (
    <Link to="/group/create" className={['pui-btn pui-btn--secondary pui-btn--sm', className].filter(Boolean).join(' ')}>
      {t('create.link')}
    </Link>
  );
}
