import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Spinner, useDocumentTitle } from '@portal/ui';
import { TextAreaField, TextField } from '@portal/ui/kit';
import { apiFieldErrors } from '../kit/fieldErrors';
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
  // A refusal on title or memo (the no-script rule) shows on its field, anything else in the modal.
  const fieldErrors = apiFieldErrors(save.error, { title: 'title', memo: 'memo' }) ?? {};
  return (
    <section className="pfile-page" aria-labelledby="pfile-edit-title">
      <h1 id="pfile-edit-title" className="pui-page-title">
        {t('edit.title')}
      </h1>
      <form
        className="pfile-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (empty) return;
          save.mutate(
            { title: title.trim(), memo },
            {
              onSuccess: back,
              onError: (err) => {
                if (!apiFieldErrors(err, { title: 'title', memo: 'memo' })) showError(err);
              },
            },
          );
        }}
      >
        <TextField
          label={t('form.title')}
          value={title}
          maxLength={255}
          required
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={empty || Boolean(fieldErrors.title)}
          error={fieldErrors.title}
        />
        {empty && (
          <p role="alert" className="pfile-error">
            {t('edit.title_required')}
          </p>
        )}
        <TextAreaField
          label={t('form.memo')}
          value={memo}
          maxLength={2000}
          error={fieldErrors.memo}
          onChange={(e) => setMemo(e.target.value)}
        />
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
