import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, LIMITS } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';
import { Button } from '@portal/ui';
import { FileUpload } from './FileUpload';
import { fileKeys, filePaths, type FileScope } from './scope';
import { postFiles, type UploadFields } from './upload';

/** A folder a new group file can be filed in. */
export interface FolderChoice {
  id: number;
  name: string;
}

export interface UploadFormProps {
  scope: FileScope;
  /** Upload many files with title, memo (and for groups, folder), or one new version of `fileId`. */
  mode: 'create' | 'overwrite';
  fileId?: number;
  maxMb: number;
  /** Group files: where a new file may go (unclassified when none is chosen). Omitted: no folder field. */
  folders?: FolderChoice[] | undefined;
  onDone: (body: unknown) => void;
  onCancel: () => void;
}

/**
 * The upload form with a real progress bar. Every file is checked against the size limit before
 * sending; the server answers all-or-nothing, so a quota refusal leaves nothing listed.
 */
export function UploadForm({ scope, mode, fileId = 0, maxMb, folders, onDone, onCancel }: UploadFormProps) {
  const { t } = useTranslation('files');
  const { t: te } = useTranslation('errors');
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState('');
  const [memo, setMemo] = useState('');
  const [folderId, setFolderId] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = mode === 'create';

  const submit = async () => {
    if (files.length === 0) return;
    setError(null);
    setProgress(0);
    const fields: UploadFields = create
      ? { files, title: files.length === 1 ? title.trim() : undefined, memo: memo.trim(), folderId: folderId ? Number(folderId) : null }
      : { files };
    const paths = filePaths(scope);
    try {
      const body = await postFiles(create ? paths.upload : paths.overwrite(fileId), fields, setProgress);
      await queryClient.invalidateQueries({ queryKey: fileKeys(scope).all });
      onDone(body);
    } catch (err) {
      setProgress(null);
      setError(err instanceof ApiError ? translateError(te, err.code, { max: maxMb }) : translateError(te, null));
    }
  };

  const busy = progress !== null;
  return (
    <form
      className="pfile-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FileUpload files={files} onChange={setFiles} maxMb={maxMb} maxFiles={create ? LIMITS.maxFilesPerUpload : 1} multiple={create} disabled={busy} />
      {create && (
        <>
          <label>
            {t('form.title')}
            <input value={title} maxLength={255} disabled={busy || files.length > 1} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <p className="pfile-muted">{t('form.title_hint')}</p>
          <label>
            {t('form.memo')}
            <textarea value={memo} maxLength={2000} disabled={busy} onChange={(e) => setMemo(e.target.value)} />
          </label>
          {folders && (
            <label>
              {t('form.folder')}
              <select value={folderId} disabled={busy} onChange={(e) => setFolderId(e.target.value)}>
                <option value="">{t('tabs.unclassified_name')}</option>
                {folders.map((f) => (
                  <option key={f.id} value={String(f.id)}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </>
      )}
      {busy && (
        <label>
          {t('form.progress', { percent: Math.round((progress ?? 0) * 100) })}
          <progress max={100} value={Math.round((progress ?? 0) * 100)} />
        </label>
      )}
      {error && (
        <p role="alert" className="pfile-error">
          {error}
        </p>
      )}
      <div className="pfile-actions">
        <Button type="submit" disabled={files.length === 0 || busy}>
          {t(create ? 'form.upload' : 'form.overwrite')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
