import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlanType } from '@portal/api-client/core';
import { Button, Spinner, useConfirm, useDocumentTitle, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { useCalendarActions, useEvent } from '../api/calendar';
import { EventProblem } from '../components/EventProblem/EventProblem';
import { eventTitle, slashDate } from '../lib/labels';
import { ScopeDialog, type Scope } from '../components/ScopeDialog/ScopeDialog';
import { repeatSummary } from './repeatSummary';

/** /calendar/{id}?date=: one event (at an occurrence); read on open; edit, delete, favourite. */
export function EventPage() {
  const { t, i18n } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  useDocumentTitle(t('routes.preview'));
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const date = params.get('date');
  const q = useEvent(id, date);
  const actions = useCalendarActions();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const [asking, setAsking] = useState(false);
  const ev = q.data;

  const markRead = actions.markRead.mutate;
  useEffect(() => {
    if (ev && !ev.is_read && ev.id !== null) markRead(ev.id);
  }, [ev, markRead]);

  if (q.isPending) return <Spinner />;
  if (q.isError || !ev || ev.id === null) return <EventProblem title={t('routes.preview')} error={q.error} />;
  const eventId = ev.id;
  const back = `/calendar/week?date=${ev.occurrence_date}`;
  const isRepeat = ev.plan_type === PlanType.REPEAT;

  const remove = async (scope: Scope) => {
    setAsking(false);
    try {
      await actions.remove.mutateAsync({ id: eventId, delete_type: scope, ...(scope === 3 ? {} : { delete_date: ev.occurrence_date }) });
      modal.success({ message: t('delete.done') });
      navigate(back);
    } catch (err) {
      showError(err);
    }
  };
  const onDelete = async () => {
    if (isRepeat) return setAsking(true);
    const title = eventTitle(ev, i18n.language);
    if (
      await confirm({
        title: t('delete.title'),
        message: t('delete.confirm', { title }),
        confirmLabel: t('preview.delete'),
        destructive: true,
      })
    )
      await remove(3);
  };

  return (
    <article className="pcal-preview" aria-labelledby="pcal-preview-title">
      <p>
        <Link to={back}>{t('preview.back')}</Link>
      </p>
      <h1 id="pcal-preview-title" className="pui-page-title">
        <span className="pcal-swatch" style={{ background: ev.event_color }} aria-hidden="true" /> {eventTitle(ev, i18n.language)}
      </h1>
      <dl className="pcal-facts">
        <dt>{t('preview.period')}</dt>
        <dd>
          {slashDate(ev.event_start_date)} {ev.event_start_time} – {slashDate(ev.event_end_date)} {ev.event_end_time}
        </dd>
        {isRepeat ? (
          <>
            <dt>{t('preview.repeat')}</dt>
            <dd>{repeatSummary(t, ev)}</dd>
          </>
        ) : null}
        <dt>{t('preview.shared_with')}</dt>
        <dd>{ev.group_name ?? (ev.members.map((m) => m.name).join('、') || '—')}</dd>
        {ev.equipments.length ? (
          <>
            <dt>{t('preview.equipment')}</dt>
            <dd>
              {ev.equipments.map((e) => `${e.name}（${e.group_name}）`).join('、')}
              {ev.booked_until ? ` — ${t('preview.booked_until', { date: slashDate(ev.booked_until) })}` : null}
            </dd>
          </>
        ) : null}
        <dt>{t('preview.creator')}</dt>
        <dd>{ev.user_creator?.name}</dd>
        <dt>{t('preview.updater')}</dt>
        <dd>{ev.user_updater?.name}</dd>
        {ev.memo ? (
          <>
            <dt>{t('preview.memo')}</dt>
            <dd className="pcal-memo">{ev.memo}</dd>
          </>
        ) : null}
      </dl>
      <div className="pcal-actions">
        <Button variant="secondary" loading={actions.favorite.isPending} onClick={() => actions.favorite.mutate(eventId)}>
          {ev.is_favorite ? t('preview.unfavorite') : t('preview.favorite')}
        </Button>
        {ev.can_edit ? (
          <>
            <Link className="pui-btn pui-btn--primary pui-btn--md" to={`/calendar/${eventId}/edit?date=${ev.occurrence_date}`}>
              {t('preview.edit')}
            </Link>
            <Button variant="danger" loading={actions.remove.isPending} onClick={() => void onDelete()}>
              {t('preview.delete')}
            </Button>
          </>
        ) : null}
      </div>
      {asking ? <ScopeDialog kind="delete" onChoose={(s) => void remove(s)} onCancel={() => setAsking(false)} /> : null}
    </article>
  );
}
