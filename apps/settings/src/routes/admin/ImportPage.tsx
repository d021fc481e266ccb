import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@portal/api-client/core';
import type { CsvEncoding } from '@portal/api-client/schemas/admin';
import { api } from '@portal/api-client/browser';
import { useShowActionError } from '@portal/content/kit';
import { Button, Spinner } from '@portal/ui';
import { Pager, SelectField } from '@portal/ui/kit';
import { adminKeys, downloadCsv, fileToBase64 } from '../../api/admin';

type Filter = 'all' | 'refused';

/**
 * Upload → per-row preview → apply with a progress bar. The apply request runs until the
 * transaction ends; meanwhile the page polls the import for its progress. Leaving the page does
 * not stop it, and a failed apply may be started again (the server keeps the file's rows).
 */
export function ImportPage() {
  const { t } = useTranslation(['settings', 'validation']);
  const queryClient = useQueryClient();
  const showError = useShowActionError();
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [applying, setApplying] = useState(false);
  const [sendMail, setSendMail] = useState(false);
  const [encoding, setEncoding] = useState<CsvEncoding>('sjis');
  const shown = useQuery({
    queryKey: ['admin', 'import', importId, filter, page],
    enabled: importId !== null,
    queryFn: async () =>
      (await api.call('adminImportShow', { params: { importId: importId! }, query: { filter, page, limit: 100 } })).items,
    refetchInterval: applying ? 500 : false,
  });
  useEffect(() => setPage(1), [filter, importId]);

  const preview = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const res = (await api.call('adminImportPreview', { body: { file_name: file.name, file_base64: await fileToBase64(file) } })).items;
      setImportId(res.id);
      setFilter(res.refused > 0 ? 'refused' : 'all');
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    if (importId === null) return;
    setApplying(true);
    try {
      await api.call('adminImportApply', { params: { importId }, body: { send_password_mail: sendMail } });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'IMPORT_HAS_ERRORS')) showError(err);
      await shown.refetch();
    } finally {
      setApplying(false);
    }
  };
  const s = shown.data;
  const done = s ? Math.min(s.progress, s.created + s.changed) : 0;
  const toWrite = s ? s.created + s.changed : 0;
  return (
    <div className="padm-import">
      <h2>{t('admin.import.title')}</h2>
      <p className="padm-muted">{t('admin.import.help')}</p>
      <div className="padm-toolbar">
        <label className="padm-file">
          {t('admin.import.file')}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setImportId(null);
            }}
          />
        </label>
        <Button disabled={!file} loading={busy} onClick={() => void preview()}>
          {t('admin.import.preview')}
        </Button>
      </div>
      {shown.isPending && importId !== null && <Spinner />}
      {s && (
        <section aria-label={t('admin.import.title')} className="padm-import__result">
          <p role="status" data-testid="import-summary">
            {t('admin.import.summary', s)} ({t('admin.import.encoding')}: {t(`admin.import.enc_${s.encoding}`)})
          </p>
          {s.status === 'applied' && (
            <p className="padm-ok" role="status">
              {t('admin.import.applied', s)}
            </p>
          )}
          {s.status === 'failed' && s.error !== 'IMPORT_HAS_ERRORS' && (
            <p className="padm-warn" role="alert">
              {t('admin.import.failed')}
            </p>
          )}
          {s.refused > 0 && (
            <p className="padm-warn" role="alert">
              {t('admin.import.has_refused')}
            </p>
          )}
          {(applying || s.status === 'applying') && (
            <div>
              <progress aria-label={t('admin.import.progress')} max={Math.max(1, toWrite)} value={done} />
              <span> {t('admin.import.applying', { done, total: toWrite })}</span>
            </div>
          )}
          {s.status !== 'applied' && s.refused === 0 && (
            <div className="padm-actions">
              <label className="padm-check">
                <input type="checkbox" checked={sendMail} onChange={(e) => setSendMail(e.target.checked)} /> {t('admin.import.send_mail')}
              </label>
              <Button loading={applying} onClick={() => void apply()}>
                {t('admin.import.apply')}
              </Button>
            </div>
          )}
          <SelectField
            label={t('admin.import.state')}
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            options={[
              { value: 'all', label: t('admin.import.filter_all') },
              { value: 'refused', label: t('admin.import.filter_refused') },
            ]}
          />
          <table className="padm-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.import.line')}</th>
                <th scope="col">{t('admin.employees.number')}</th>
                <th scope="col">{t('admin.employees.name')}</th>
                <th scope="col">{t('admin.import.state')}</th>
                <th scope="col">{t('admin.import.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {s.rows.data.map((r) => (
                <tr key={r.line} className={`padm-row--${r.state}`}>
                  <td>{r.line}</td>
                  <td>{r.employee_number}</td>
                  <td>{r.name}</td>
                  <td>{t(`admin.import.state_${r.state}`)}</td>
                  <td>
                    {r.errors
                      .map(
                        (e) =>
                          `${columnLabel(t, e.column)}: ${t(e.code.replace(/^validation\./, 'validation:'), { field: columnLabel(t, e.column) })}`,
                      )
                      .join(' / ')}
                    {r.changes.length > 0 && r.changes.map((c) => columnLabel(t, c)).join('、')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={s.rows.current_page} lastPage={s.rows.last_page} onChange={setPage} />
        </section>
      )}
      <section className="padm-export" aria-labelledby="padm-export-title">
        <h2 id="padm-export-title">{t('admin.import.export')}</h2>
        <div className="padm-toolbar">
          <SelectField
            label={t('admin.import.encoding')}
            value={encoding}
            onChange={(e) => setEncoding(e.target.value as CsvEncoding)}
            options={(['sjis', 'utf8_bom', 'utf8'] as const).map((v) => ({ value: v, label: t(`admin.import.enc_${v}`) }))}
          />
          <Button
            variant="secondary"
            onClick={() => void downloadCsv(`/company/users/export?encoding=${encoding}`, 'employees.csv').catch(showError)}
          >
            {t('admin.import.export_button')}
          </Button>
        </div>
      </section>
    </div>
  );
}

const COLUMN_KEYS: Record<string, string> = {
  employee_number: 'admin.employees.number',
  last_name: 'admin.employees.last_name',
  first_name: 'admin.employees.first_name',
  last_name_kana: 'admin.employees.last_name_kana',
  first_name_kana: 'admin.employees.first_name_kana',
  email: 'admin.employees.email',
  department: 'admin.employees.department',
  groups: 'admin.detail.groups',
};
const columnLabel = (t: (k: string) => string, column: string) => t(COLUMN_KEYS[column] ?? column);
