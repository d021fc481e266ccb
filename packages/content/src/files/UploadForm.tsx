import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, LIMITS } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';
import { Button } from '@portal/ui';
import { TextAreaField, useErrorStrings, SelectField, TextField } from '@portal/ui/kit';
import { apiFieldErrors } from '../kit/fieldErrors';
import { FileUpload } from './FileUpload';
import { fileKeys, filePaths, type FileScope } from './scope';
import { postFiles, type UploadFields } from './upload';

/** The upload's multipart fields whose refusals show on the form's fields. */
const FIELDS = { title: 'title', memo: 'memo' } as const;

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
  const { t: te, afterLoad } = useErrorStrings();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState('');
  const [memo, setMemo] = useState('');
  const [folderId, setFolderId] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'title' | 'memo', string>>>({});
  const create = mode === 'create';

  const submit = async () => {
    if (files.length === 0) return;
    setError(null);
    setFieldErrors({});
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
      const fields = apiFieldErrors(err, FIELDS);
      if (fields) setFieldErrors(fields);
      else afterLoad(() => setError(err instanceof ApiError ? translateError(te, err.code, { max: maxMb }) : translateError(te, null)));
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
      <FileUpload
        files={files}
        onChange={setFiles}
        maxMb={maxMb}
        maxFiles={create ? LIMITS.maxFilesPerUpload : 1}
        multiple={create}
        disabled={busy}
      />
      {create && (
        <>
          <TextField
            label={t('form.title')}
            hint={t('form.title_hint')}
            value={title}
            maxLength={255}
            disabled={busy || files.length > 1}
            error={fieldErrors.title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextAreaField
            label={t('form.memo')}
            value={memo}
            maxLength={2000}
            disabled={busy}
            error={fieldErrors.memo}
            onChange={(e) => setMemo(e.target.value)}
          />
          {folders && (
            <SelectField
              label={t('form.folder')}
              value={folderId}
              disabled={busy}
              onChange={(e) => setFolderId(e.target.value)}
              placeholder={t('tabs.unclassified_name')}
              options={folders.map((f) => ({ value: String(f.id), label: f.name }))}
            />
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
