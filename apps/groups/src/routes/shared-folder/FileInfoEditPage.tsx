import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '@portal/api-client/browser';
import { Button, Spinner, useDocumentTitle } from '@portal/ui';
import { parseGroupId } from '../../api/group';
import { useFileDetail, useFilesMutation } from '../../api/files';
import { useShowActionError } from '@portal/ui/kit';
import { groupPath, useGroupArea } from '../area/context';
import './files.css';

/** group/{id}/shared-folder/file/{fileId}/update-information: title and memo (role_edit_shared_folder). */
export function FileInfoEditPage() {
  const { t } = useTranslation('files');
  useDocumentTitle(t('edit.title'));
  const { groupId } = useGroupArea();
  const fileId = parseGroupId(useParams().fileId) ?? 0;
  const detail = useFileDetail(groupId, fileId);
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
  const save = useFilesMutation(groupId, (body: { title: string; memo: string }) => api.call('updateFileInfo', { params: { id: groupId, fileId }, body }));
  const back = () => navigate(groupPath(groupId, `shared-folder/file/${fileId}`));

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
