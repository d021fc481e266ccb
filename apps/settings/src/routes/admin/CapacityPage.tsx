import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import { useShowActionError } from '@portal/content/kit';
import { Button, ErrorFallback, Spinner, useModal } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { adminKeys } from '../../api/admin';

const GB = 1024 ** 3;

interface Usage {
  capacity_gb: number;
  used_bytes: number;
  percent: number;
  warning: boolean;
  full: boolean;
}

function UsageBar({ u }: { u: Usage }) {
  const { t } = useTranslation('settings');
  return (
    <div className={`padm-usage${u.full ? ' padm-usage--full' : u.warning ? ' padm-usage--warning' : ''}`}>
      <meter min={0} max={100} low={80} high={99} optimum={0} value={Math.min(100, u.percent)} />
      <span>{t('admin.capacity.used', { used: (u.used_bytes / GB).toFixed(2), capacity: u.capacity_gb, percent: u.percent })}</span>
      {u.full ? <strong> {t('admin.capacity.full')}</strong> : u.warning ? <strong> {t('admin.capacity.warning')}</strong> : null}
    </div>
  );
}

export function CapacityPage() {
  const { t } = useTranslation('settings');
  const q = useQuery({ queryKey: adminKeys.capacity(), queryFn: async () => (await api.call('adminCapacity')).items });
  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorFallback error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div className="padm-capacity">
      <section aria-labelledby="padm-cap-company">
        <h2 id="padm-cap-company">{t('admin.capacity.company')}</h2>
        <UsageBar u={q.data.company} />
        <CompanyForm capacity={q.data.company.capacity_gb} retention={q.data.audit_retention_days} />
      </section>
      <section aria-labelledby="padm-cap-groups">
        <h2 id="padm-cap-groups">{t('admin.capacity.groups')}</h2>
        {q.data.groups.map((g) => (
          <GroupRow key={g.id} g={g} />
        ))}
      </section>
    </div>
  );
}

function useSave() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const modal = useModal();
  const showError = useShowActionError();
  return async (fn: () => Promise<{ items: unknown }>) => {
    try {
      const res = await fn();
      queryClient.setQueryData(adminKeys.capacity(), res.items);
      modal.success({ message: t('admin.capacity.saved') });
    } catch (err) {
      showError(err);
    }
  };
}

function CompanyForm({ capacity, retention }: { capacity: number; retention: number }) {
  const { t } = useTranslation('settings');
  const [gb, setGb] = useState(String(capacity));
  const [days, setDays] = useState(String(retention));
  const save = useSave();
  return (
    <form
      className="padm-inline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(() => api.call('adminSetCompanyCapacity', { body: { capacity_gb: Number(gb), audit_retention_days: Number(days) } }));
      }}
    >
      <TextField label={t('admin.capacity.capacity_gb')} type="number" min={1} value={gb} onChange={(e) => setGb(e.target.value)} />
      <TextField
        label={t('admin.capacity.retention')}
        type="number"
        min={30}
        max={3650}
        value={days}
        onChange={(e) => setDays(e.target.value)}
      />
      <Button type="submit">{t('admin.capacity.save')}</Button>
    </form>
  );
}

function GroupRow({ g }: { g: Usage & { id: number; name: string; max_img_size_per_attachment: number; is_stopped: boolean } }) {
  const { t } = useTranslation('settings');
  const [gb, setGb] = useState(String(g.capacity_gb));
  const [mb, setMb] = useState(String(g.max_img_size_per_attachment));
  const save = useSave();
  return (
    <div className="padm-group-cap">
      <h3>
        {g.name} {g.is_stopped && <span className="padm-badge">{t('admin.capacity.stopped')}</span>}
      </h3>
      <UsageBar u={g} />
      <form
        className="padm-inline-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(() =>
            api.call('adminSetGroupCapacity', {
              params: { groupId: g.id },
              body: { capacity_gb: Number(gb), max_img_size_per_attachment: Number(mb) },
            }),
          );
        }}
      >
        <TextField label={t('admin.capacity.capacity_gb')} type="number" min={1} value={gb} onChange={(e) => setGb(e.target.value)} />
        <TextField label={t('admin.capacity.attachment')} type="number" min={1} value={mb} onChange={(e) => setMb(e.target.value)} />
        <Button type="submit" variant="secondary">
          {t('admin.capacity.save')}
        </Button>
      </form>
    </div>
  );
}
