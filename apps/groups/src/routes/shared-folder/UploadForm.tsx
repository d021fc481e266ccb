import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, LIMITS, queryKeys } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';
import { Button } from '@portal/ui';
import { postMultipart, type FileFolder, type UploadFields } from '../../api/files';
import { FileUpload } from '../../components/FileUpload';

interface Props {
  groupId: number;
  url: string;
  /** Upload many files with title, memo and folder, or one new version of a file. */
  mode: 'create' | 'overwrite';
  maxMb: number;
  folders?: FileFolder[];
  onDone: (body: unknown) => void;
  onCancel: () => void;
}

/**
 * The upload form with a real progress bar. Every file is checked against the group's size limit
 * before sending; the server answers all-or-nothing, so a quota refusal leaves nothing listed.
 */
export function UploadForm({ groupId, url, mode, maxMb, folders = [], onDone, onCancel }: Props) {
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
    try {
      const body = await postMultipart(url, fields, setProgress);
      await queryClient.invalidateQueries({ queryKey: queryKeys.groupFiles(groupId) });
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
          <p className="pgrp-muted">{t('form.title_hint')}</p>
          <label>
            {t('form.memo')}
            <textarea value={memo} maxLength={2000} disabled={busy} onChange={(e) => setMemo(e.target.value)} />
          </label>
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
