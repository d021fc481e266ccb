import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditAction } from '@portal/api-client/schemas/admin';
import { api } from '@portal/api-client/browser';
import { useShowActionError } from '@portal/content/kit';
import { Button, EmptyState, ErrorFallback, Spinner, isImeComposing } from '@portal/ui';
import { Pager, SelectField, TextField } from '@portal/ui/kit';
import { adminKeys, downloadCsv, formatTime } from '../../api/admin';
import { auditDetail } from './auditDetail';

interface Filter {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/** Dates are picked in Japan time: a day runs from 00:00 to 23:59:59.999 JST. */
const jstDay = (d: string, end: boolean) => (d ? Date.parse(`${d}T${end ? '23:59:59.999' : '00:00:00'}+09:00`) : undefined);

function toQuery(f: Filter) {
  return {
    ...(f.actor.trim() ? { actor: f.actor.trim() } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.from ? { from: jstDay(f.from, false) } : {}),
    ...(f.to ? { to: jstDay(f.to, true) } : {}),
  };
}

export function AuditPage() {
  const { t, i18n } = useTranslation('settings');
  const showError = useShowActionError();
  const [draft, setDraft] = useState<Filter>({ actor: '', action: '', from: '', to: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  const [page, setPage] = useState(1);
  const query = { ...toQuery(filter), page, limit: 50 };
  const list = useQuery({ queryKey: adminKeys.audit(query), queryFn: async () => (await api.call('adminAuditList', { query })).items });
  const apply = () => {
    setFilter(draft);
    setPage(1);
  };
  const exportCsv = () => {
    const params = new URLSearchParams(Object.entries(toQuery(filter)).map(([k, v]) => [k, String(v)]));
    void downloadCsv(`/company/audit-events/export?${params.toString()}`, 'audit.csv').catch(showError);
  };
  return (
    <div className="padm-audit">
      <form
        className="padm-toolbar"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        onKeyDown={(e) => {
          // Enter confirming an IME conversion in the name box must not filter yet.
          if (e.key === 'Enter' && isImeComposing(e)) e.preventDefault();
        }}
      >
        <TextField label={t('admin.audit.who')} value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        <SelectField
          label={t('admin.audit.what')}
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value as AuditAction | '' })}
          options={[
            { value: '', label: t('admin.audit.all_actions') },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`admin.audit.actions.${a}`) })),
          ]}
        />
        <TextField
          label={t('admin.audit.from')}
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField label={t('admin.audit.to')} type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        <Button type="submit">{t('admin.audit.search')}</Button>
        <Button type="button" variant="secondary" onClick={exportCsv}>
          {t('admin.audit.export')}
        </Button>
      </form>
      {list.isPending && <Spinner />}
      {list.isError && <ErrorFallback error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && <EmptyState message={t('admin.audit.empty')} />}
      {list.data && list.data.total > 0 && (
        <>
          <table className="padm-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.when')}</th>
                <th scope="col">{t('admin.audit.what')}</th>
                <th scope="col">{t('admin.audit.actor')}</th>
                <th scope="col">{t('admin.audit.target')}</th>
                <th scope="col">{t('admin.audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((r) => (
                <tr key={r.id}>
                  <td>{formatTime(r.created_at, i18n.language)}</td>
                  <td>{t(`admin.audit.actions.${r.action}`)}</td>
                  <td>{r.actor_id === null && r.actor_name === 'system' ? t('admin.audit.system') : r.actor_name}</td>
                  <td>{r.target_label}</td>
                  <td>{auditDetail(t, r.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={list.data.current_page} lastPage={list.data.last_page} onChange={setPage} />
        </>
      )}
    </div>
  );
}
