import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteStatus } from '@portal/api-client/schemas/remote-ops';
import { api } from '@portal/api-client/browser';
import { useShowActionError } from '@portal/content/kit';
import { Button, ErrorFallback, Spinner, useConfirm, useModal } from '@portal/ui';
import { adminKeys, formatTime } from '../../api/admin';

const rate = (loads: number, errors: number) => (loads > 0 ? `${((Math.min(errors, loads) / loads) * 100).toFixed(1)} %` : '—');

/**
 * The portal's screens (remotes): each one's stable build and, during a canary release, the
 * canary, its share of users and how both fare in the shell's reports. An administrator promotes
 * a canary to everyone or withdraws it (or, without one, goes back to the previous build); these
 * act on the whole deployment and are audited.
 */
export function RemotesPage() {
  const { t, i18n } = useTranslation('settings');
  const q = useQuery({
    queryKey: adminKeys.remotes(),
    queryFn: async () => (await api.call('adminListRemotes')).items,
    refetchInterval: 15_000,
  });
  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorFallback error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div className="padm-remotes">
      <p className="padm-remotes__intro">{t('admin.remotes.intro')}</p>
      <table className="padm-table">
        <caption className="pui-visually-hidden">{t('admin.remotes.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.remotes.screen')}</th>
            <th scope="col">{t('admin.remotes.build')}</th>
            <th scope="col">{t('admin.remotes.share')}</th>
            <th scope="col">{t('admin.remotes.loads')}</th>
            <th scope="col">{t('admin.remotes.errors')}</th>
            <th scope="col">{t('admin.remotes.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {q.data.map((r) => (
            <RemoteRows key={r.name} r={r} lang={i18n.language} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RemoteRows({ r, lang }: { r: RemoteStatus; lang: string }) {
  const { t } = useTranslation('settings');
  const label = t(`admin.remotes.names.${r.name}`);
  const act = useAct(r, label);
  if (!r.stable) {
    return (
      <tr>
        <th scope="row">{label}</th>
        <td colSpan={5}>{t('admin.remotes.unpublished')}</td>
      </tr>
    );
  }
  const rows = r.canary ? 2 : 1;
  return (
    <>
      <tr data-remote={r.name}>
        <th scope="row" rowSpan={rows}>
          {label}
        </th>
        <td>
          <span className="padm-badge">{t('admin.remotes.stable')}</span> <code>{r.stable.version}</code>
        </td>
        <td>{r.canary ? `${100 - r.canary.share} %` : '100 %'}</td>
        <td>{r.stable.loads}</td>
        <td>
          {r.stable.errors} ({rate(r.stable.loads, r.stable.errors)})
        </td>
        <td rowSpan={rows}>
          {r.canary ? (
            <span className="padm-remotes__actions">
              <Button onClick={() => void act('promote')}>{t('admin.remotes.promote')}</Button>
              <Button variant="secondary" onClick={() => void act('rollback')}>
                {t('admin.remotes.withdraw')}
              </Button>
            </span>
          ) : r.previous ? (
            <Button variant="secondary" onClick={() => void act('rollback')}>
              {t('admin.remotes.rollback')}
            </Button>
          ) : null}
        </td>
      </tr>
      {r.canary && (
        <tr data-remote-canary={r.name}>
          <td>
            <span className="padm-badge padm-badge--canary">{t('admin.remotes.canary')}</span> <code>{r.canary.version}</code>
            <br />
            <small>{t('admin.remotes.since', { time: formatTime(r.canary.started_at, lang) })}</small>
          </td>
          <td>{r.canary.share} %</td>
          <td>{r.canary.loads}</td>
          <td>
            {r.canary.errors} ({rate(r.canary.loads, r.canary.errors)})
          </td>
        </tr>
      )}
    </>
  );
}

function useAct(r: RemoteStatus, label: string) {
  const { t } = useTranslation('settings');
  const confirm = useConfirm();
  const modal = useModal();
  const queryClient = useQueryClient();
  const showError = useShowActionError();
  return async (what: 'promote' | 'rollback') => {
    const version = r.canary ? r.canary.version : r.stable!.version;
    const key = what === 'promote' ? 'promote' : r.canary ? 'withdraw' : 'rollback';
    const ok = await confirm({
      title: t(`admin.remotes.${key}_title`, { name: label }),
      message: t(`admin.remotes.${key}_confirm`, {
        name: label,
        canary: r.canary?.version ?? '',
        stable: r.stable!.version,
        previous: r.previous ?? '',
      }),
      confirmLabel: t(`admin.remotes.${key}`),
      destructive: what === 'rollback',
    });
    if (!ok) return;
    try {
      const call = what === 'promote' ? 'adminPromoteRemote' : 'adminRollbackRemote';
      const res = await api.call(call, { params: { name: r.name }, body: { version } });
      modal.success({ message: t(`admin.remotes.${key}_done`, { name: label, version: res.items.version }) });
    } catch (err) {
      showError(err);
    } finally {
      await queryClient.invalidateQueries({ queryKey: adminKeys.remotes() });
    }
  };
}
