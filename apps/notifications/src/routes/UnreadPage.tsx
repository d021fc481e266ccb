import { useTranslation } from 'react-i18next';
import { UnreadList } from '../components/UnreadList';
import { ListPage } from './ListPage';

/** /notification/unread */
export default function UnreadPage() {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  return (
    <ListPage titleKey="routes.unread" hint={t('unread.what_counts')}>
      <UnreadList mode="page" />
    </ListPage>
  );
}
