import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useConfirm } from '@portal/ui';
import { Pager } from '@portal/ui/kit';
import { useShowActionError } from '../kit/useShowActionError';
import { downloadByLink } from '../kit/download';
import { formatFileDateTime, formatFileSize } from './format';
import { useFileHistory, useFilesMutation } from './hooks';
import { fileCalls, filePaths, type FileScope } from './scope';

/** Versions of a file, newest first; earlier ones can be downloaded, restored or deleted (confirmed). */
export function FileHistory({ scope, fileId, canEdit }: { scope: FileScope; fileId: number; canEdit: boolean }) {
  const { t } = useTranslation('files');
  const confirm = useConfirm();
  const showError = useShowActionError();
  const [page, setPage] = useState(1);
  const history = useFileHistory(scope, fileId, page);
  const calls = fileCalls(scope, fileId);
  const revert = useFilesMutation(scope, calls.revert);
  const remove = useFilesMutation(scope, calls.deleteHistory);
  const rows = history.data?.data ?? [];

  return (
    <section aria-labelledby="pfile-history-title">
      <h2 id="pfile-history-title" className="pfile-section-title">
        {t('history.title')}
      </h2>
      {history.isError && <p role="alert">{t('list.load_failed')}</p>}
      {rows.length > 0 && (
        <table className="pfile-table">
          <thead>
            <tr>
              <th scope="col">{t('history.version')}</th>
              <th scope="col">{t('history.name')}</th>
              <th scope="col">{t('list.size')}</th>
              <th scope="col">{t('list.uploader')}</th>
              <th scope="col">{t('history.uploaded_at')}</th>
              <th scope="col">{t('history.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((h) => (
              <tr key={h.id}>
                <td>
                  v{h.version}
                  {h.is_current && ` (${t('history.current')})`}
                </td>
                <td>{h.name}</td>
                <td>{formatFileSize(h.size)}</td>
                <td>{h.creator.name}</td>
                <td>{formatFileDateTime(h.uploaded_at)}</td>
                <td className="pfile-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      downloadByLink({ path: filePaths(scope).download(fileId, h.is_current ? undefined : h.id) }, h.name).catch(showError)
                    }
                  >
                    {t('history.download', { version: h.version })}
                  </Button>
                  {canEdit && h.is_can_revert && !h.is_current && (
                    <>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={revert.isPending}
                        onClick={async () => {
                          if (await confirm({ message: t('confirm.revert', { version: h.version }), confirmLabel: t('history.revert') }))
                            revert.mutate(h.id, { onError: showError });
                        }}
                      >
                        {t('history.revert_version', { version: h.version })}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={remove.isPending}
                        onClick={async () => {
                          if (
                            await confirm({
                              message: t('confirm.delete_version', { version: h.version }),
                              confirmLabel: t('history.delete'),
                              destructive: true,
                            })
                          )
                            remove.mutate(h.id, { onError: showError });
                        }}
                      >
                        {t('history.delete_version', { version: h.version })}
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {history.data && <Pager page={page} lastPage={history.data.last_page} onChange={setPage} />}
    </section>
  );
}
