import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Spinner, useDocumentTitle } from '@portal/ui';
import { useShowActionError } from '../kit/useShowActionError';
import { useFileDetail, useFilesMutation } from './hooks';
import { fileCalls, type FileScope } from './scope';
import './files.css';

export interface FileInfoEditViewProps {
  scope: FileScope;
  fileId: number;
  /** Saved or cancelled: back here (the detail page). */
  backTo: string;
  /** The route's title for the document title, when it is not the page heading. */
  documentTitle?: string | undefined;
}

/** update-information: a file's title and memo. */
export function FileInfoEditView({ scope, fileId, backTo, documentTitle }: FileInfoEditViewProps) {
  const { t } = useTranslation('files');
  useDocumentTitle(documentTitle ?? t('edit.title'));
  const detail = useFileDetail(scope, fileId);
  const navigate = useNavigate();
  const showError = useShowActionError();
  const [title, setTitle] = useState('');
  const [memo, setMemo] = useState('');
  const loaded = detail.data;
  useEffect(() => {
    if (!loaded) return;
    setTitle(loaded.title);
    setMemo(loaded.memo);
  }, [loaded]);
  const save = useFilesMutation(scope, fileCalls(scope, fileId).updateInfo);
  const back = () => navigate(backTo);

  if (detail.isPending) return <Spinner />;
  if (!loaded) return <p role="alert">{t('list.load_failed')}</p>;
  const empty = title.trim() === '';
  return (
    <section className="pfile-page" aria-labelledby="pfile-edit-title">
      <h1 id="pfile-edit-title" className="pui-page-title">
        {t('edit.title')}
      </h1>
      <form
        className="pfile-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty) save.mutate({ title: title.trim(), memo }, { onSuccess: back, onError: showError });
        }}
      >
        <label>
          {t('form.title')}
          <input value={title} maxLength={255} required onChange={(e) => setTitle(e.target.value)} aria-invalid={empty} />
        </label>
        {empty && <p role="alert" className="pfile-error">{t('edit.title_required')}</p>}
        <label>
          {t('form.memo')}
          <textarea value={memo} maxLength={2000} onChange={(e) => setMemo(e.target.value)} />
        </label>
        <div className="pfile-actions">
          <Button type="submit" disabled={empty || save.isPending}>
            {t('edit.save')}
          </Button>
          <Button variant="secondary" onClick={back}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
