import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@portal/ui';
import { StorageMeter } from '../../components/StorageMeter';
import { useGroupArea } from './context';
import { GroupTopLists } from './GroupTopLists';

/**
 * group-toppage: the notice, the group's storage, and the newest topics, files and news with
 * their unread marks (GroupTopLists).
 */
export function TopPage() {
  const { t } = useTranslation('groups');
  const { group } = useGroupArea();
  useDocumentTitle(`${group.name} | ${t('routes.toppage')}`);
  return (
    <div>
      <h1 className="pui-visually-hidden">{group.name}</h1>
      <section className="pgrp-section" aria-labelledby="pgrp-notice-title">
        <h2 id="pgrp-notice-title" className="pgrp-section-title">
          {t('top.notice')}
        </h2>
        {group.notice ? <p className="pgrp-notice">{group.notice}</p> : <p className="pgrp-muted">{t('top.no_notice')}</p>}
      </section>
      <div className="pgrp-section">
        <StorageMeter storage={group.storage} company={group.company_storage} />
      </div>
      <section className="pgrp-section" aria-labelledby="pgrp-feed-title">
        <h2 id="pgrp-feed-title" className="pgrp-section-title">
          {t('tabs.new_feed')}
        </h2>
        <GroupTopLists groupId={group.id} />
      </section>
    </div>
  );
}
