import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InformationType, type NewsItem } from '@portal/api-client/core';
import { DateDisplay } from '@portal/ui';
import { newsHref, systemParams } from '../../lib/newsLinks';

/**
 * One news item: CMS items show their (server-sanitised) HTML, system items a message in the
 * reader's language built from the key and its parameters, linked to the target.
 */
export function NewsItemView({ item, isNew, onOpen }: { item: NewsItem; isNew: boolean; onOpen(item: NewsItem): void }) {
  const { t } = useTranslation('notifications');
  const href = newsHref(item);
  const badge = isNew && (
    <button type="button" className="pntf-new" onClick={() => onOpen(item)} aria-label={t('news.new_label')}>
      NEW
    </button>
  );
  if (item.type === InformationType.SYSTEM) {
    const params = systemParams(item.content);
    const permission = params.permission_name
      ? t(`news.permission.${params.permission_name}`, { defaultValue: params.permission_name })
      : '';
    const remote = params.remote ? t(`news.remote.${params.remote}`, { defaultValue: params.remote }) : '';
    const text = t(`news.system.${item.title}`, {
      ...params,
      permission_name: permission,
      remote_label: remote,
      defaultValue: t('news.system.unknown'),
    });
    return (
      <li className="pntf-news" data-testid="news-item">
        {badge}
        <div className="pntf-news__body">
          {href ? (
            <Link to={href} onClick={() => onOpen(item)}>
              {text}
            </Link>
          ) : (
            <span>{text}</span>
          )}
          <p className="pntf-row__meta">
            <DateDisplay value={item.created_at} />
          </p>
        </div>
      </li>
    );
  }
  return (
    <li className="pntf-news" data-testid="news-item">
      {badge}
      <div className="pntf-news__body">
        <h3 className="pntf-news__title">
          {href ? (
            <Link to={href} onClick={() => onOpen(item)}>
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </h3>
        {/* Sanitised on the server with the topic allow-list (section 3: CMS content is HTML). */}
        <div className="pntf-news__html" dangerouslySetInnerHTML={{ __html: item.content }} />
        <p className="pntf-row__meta">
          {item.group_name && `${item.group_name} · `}
          <DateDisplay value={item.created_at} />
        </p>
      </div>
    </li>
  );
}
