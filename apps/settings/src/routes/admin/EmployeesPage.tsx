import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { EmployeeRow } from '@portal/api-client/schemas/admin';
import { api } from '@portal/api-client/browser';
import { Button, EmptyState, ErrorFallback, SearchInput, Spinner } from '@portal/ui';
import { Pager, SelectField } from '@portal/ui/kit';
import { adminKeys } from '../../api/admin';
import { CreateEmployeeDialog } from './CreateEmployeeDialog';

type Status = 'active' | 'left' | 'locked' | 'all';

export function EmployeesPage() {
  const { t } = useTranslation('settings');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<Status>('active');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const q = { keyword, status, page, limit: 50 };
  const list = useQuery({
    queryKey: adminKeys.employees(q),
    queryFn: async () => (await api.call('adminListEmployees', { query: q })).items,
  });
  return (
    <div className="padm-employees">
      <div className="padm-toolbar">
        <SearchInput
          label={t('admin.employees.search')}
          onSearch={(v: string) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <SelectField
          label={t('admin.employees.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status);
            setPage(1);
          }}
          options={(['active', 'locked', 'left', 'all'] as const).map((s) => ({ value: s, label: t(`admin.employees.status_${s}`) }))}
        />
        <Button onClick={() => setCreating(true)}>{t('admin.employees.new')}</Button>
      </div>
      {list.isPending && <Spinner />}
      {list.isError && <ErrorFallback error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && <EmptyState message={t('admin.employees.empty')} />}
      {list.data && list.data.total > 0 && (
        <>
          <p className="padm-muted">{t('admin.employees.total', { count: list.data.total })}</p>
          <table className="padm-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.employees.number')}</th>
                <th scope="col">{t('admin.employees.name')}</th>
                <th scope="col">{t('admin.employees.email')}</th>
                <th scope="col">{t('admin.employees.department')}</th>
                <th scope="col">{t('admin.employees.roles')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((e) => (
                <EmployeeLine key={e.id} e={e} />
              ))}
            </tbody>
          </table>
          <Pager page={list.data.current_page} lastPage={list.data.last_page} onChange={setPage} />
        </>
      )}
      {creating && <CreateEmployeeDialog onClose={() => setCreating(false)} />}
    </div>
  );
}

function EmployeeLine({ e }: { e: EmployeeRow }) {
  const { t } = useTranslation('settings');
  const badges = [
    e.is_company_admin && t('admin.employees.company_admin'),
    e.common_topic_role && t('admin.employees.common_topic'),
    e.locked_at !== null && t('admin.employees.locked'),
    e.status === 'left' && t('admin.employees.left'),
  ].filter(Boolean) as string[];
  return (
    <tr>
      <td>{e.employee_number}</td>
      <td>
        <Link to={`/setting/admin/employees/${e.id}`}>{`${e.last_name} ${e.first_name}`}</Link>
        <div className="padm-muted">{`${e.last_name_kana} ${e.first_name_kana}`}</div>
      </td>
      <td>{e.email}</td>
      <td>{e.department}</td>
      <td>
        {badges.map((b) => (
          <span key={b} className="padm-badge">
            {b}
          </span>
        ))}
      </td>
    </tr>
  );
}
