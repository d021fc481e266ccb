import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, Spinner, useDocumentTitle, useImeSafeEnter } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useTodo, useTodoActions } from '../api/todo';
import { unreadHref } from '../lib/links';
import '../notifications.css';

/**
 * `./todo`: the /todo page (the shell mounts it outside /notification). Open actions gathered in
 * one place (join requests waiting for the user's approval, unread emergency topics) and the
 * user's own simple task list, and today's events of the user's own calendar.
 */
export default function TodoPage() {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const title = t('routes.todo');
  useDocumentTitle(title);
  const todo = useTodo();
  return (
    <section className="pntf-page" aria-labelledby="pntf-todo-title">
      <h1 id="pntf-todo-title" className="pui-page-title">
        {title}
      </h1>
      {todo.isPending ? (
        <Spinner />
      ) : todo.isError ? (
        <p className="pntf-error">{t('common.load_failed')}</p>
      ) : (
        <>
          <section aria-labelledby="pntf-todo-approvals">
            <h2 id="pntf-todo-approvals" className="pntf-widget__title">
              {t('todo.approvals')}
            </h2>
            {todo.data.join_requests.length === 0 ? (
              <p className="pntf-page__hint">{t('todo.no_approvals')}</p>
            ) : (
              <ul className="pntf-list__items">
                {todo.data.join_requests.map((r) => (
                  <li key={r.group_id} className="pntf-row pntf-row--unread">
                    <Link to={`/group/${r.group_id}/members/join-request`}>
                      {t('todo.approval_item', { group: r.group_name, count: r.count })}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="pntf-todo-urgent">
            <h2 id="pntf-todo-urgent" className="pntf-widget__title">
              {t('todo.emergencies')}
            </h2>
            {todo.data.emergency_topics.length === 0 ? (
              <p className="pntf-page__hint">{t('todo.no_emergencies')}</p>
            ) : (
              <ul className="pntf-list__items">
                {todo.data.emergency_topics.map((i) => (
                  <li key={i.id} className="pntf-row pntf-row--unread">
                    <span className="pntf-mark pntf-mark--urgent">{t('common.urgent')}</span>
                    <Link to={unreadHref(i) ?? '/'}>{i.title}</Link>
                    <span className="pntf-row__meta">{i.group_name ?? t('common.common_topic')}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="pntf-todo-today">
            <h2 id="pntf-todo-today" className="pntf-widget__title">
              {t('todo.today')}
            </h2>
            {todo.data.today_events.length === 0 ? (
              <p className="pntf-page__hint">{t('todo.no_today')}</p>
            ) : (
              <ul className="pntf-list__items">
                {todo.data.today_events.map((e) => (
                  <li key={`${e.id}-${e.occurrence_date}`} className="pntf-row" data-testid="todo-event">
                    <span className="pntf-row__meta">{t('todo.event_time', { start: e.event_start_time, end: e.event_end_time })}</span>
                    <Link to={`/calendar/${e.id}?date=${e.occurrence_date}`}>{e.title}</Link>
                    {e.group_name && <span className="pntf-row__meta">{e.group_name}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Tasks tasks={todo.data.tasks} />
        </>
      )}
    </section>
  );
}

function Tasks({ tasks }: { tasks: { id: number; title: string; done: boolean }[] }) {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const { add, toggle, remove } = useTodoActions();
  const [title, setTitle] = useState('');
  const submit = () => {
    const v = title.trim();
    if (!v || add.isPending) return;
    add.mutate(v, { onSuccess: () => setTitle('') });
  };
  const onKeyDown = useImeSafeEnter(submit);
  return (
    <section aria-labelledby="pntf-todo-tasks">
      <h2 id="pntf-todo-tasks" className="pntf-widget__title">
        {t('todo.tasks')}
      </h2>
      <div className="pntf-todo__add">
        <TextField
          label={t('todo.new_task')}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button onClick={submit} disabled={!title.trim() || add.isPending}>
          {t('todo.add')}
        </Button>
      </div>
      {tasks.length === 0 ? (
        <EmptyState message={t('todo.no_tasks')} />
      ) : (
        <ul className="pntf-list__items" aria-label={t('todo.tasks')}>
          {tasks.map((task) => (
            <li key={task.id} className="pntf-row" data-testid="todo-task">
              <label className="pntf-todo__task">
                <input type="checkbox" checked={task.done} onChange={() => toggle.mutate({ id: task.id, done: !task.done })} />
                <span className={task.done ? 'pntf-todo__done' : undefined}>{task.title}</span>
              </label>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => remove.mutate(task.id)}
                aria-label={t('todo.delete_task', { title: task.title })}
              >
                {t('todo.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
