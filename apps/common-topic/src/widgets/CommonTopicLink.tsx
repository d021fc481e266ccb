import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { commonTopicUnreadCountQuery } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { UnreadBadge } from '@portal/ui';
import './widgets.css';

/** `./CommonTopicLink`: home's link to the common topics with their unread count (capped at +99). */
export default function CommonTopicLink() {
  const { t } = useTranslation('commonTopic');
  // Key and call shared with the shell, which asks for the count on a start on home (routes/pageData.ts).
  const unread = useQuery(commonTopicUnreadCountQuery(api));
  const count = unread.data ?? 0;
  return (
    <section className="pct-widget" aria-label={t('widgets.link')}>
      <Link to="/common-topic/topics" className="pct-widget__link">
        <span className="pct-widget__title">{t('widgets.link')}</span>
        {count > 0 && <UnreadBadge count={count} />}
        <span className="pui-visually-hidden">{t('widgets.unread', { count })}</span>
      </Link>
    </section>
  );
}
