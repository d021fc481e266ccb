import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui';
import { formatFileSize } from './format';

const MB = 1024 * 1024;

export interface FileUploadProps {
  files: File[];
  onChange: (files: File[]) => void;
  /** The max size of one file in MB (the group's attachment limit, or the common area's); larger files are refused before anything is sent. */
  maxMb: number;
  maxFiles: number;
  multiple?: boolean;
  disabled?: boolean;
}

/**
 * Pick or drop files. Files over the size limit and files beyond the count limit are not added;
 * the reason is shown next to the picker so nothing is half-sent and then refused by the server.
 */
export function FileUpload({ files, onChange, maxMb, maxFiles, multiple = true, disabled }: FileUploadProps) {
  const { t } = useTranslation('files');
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [over, setOver] = useState(false);

  const add = (picked: File[]) => {
    const next: string[] = [];
    const ok = picked.filter((f) => {
      if (f.size > maxMb * MB) next.push(t('upload.too_large', { name: f.name, max: maxMb }));
      return f.size <= maxMb * MB;
    });
    const merged = multiple ? [...files, ...ok] : ok.slice(0, 1);
    if (merged.length > maxFiles) next.push(t('upload.too_many', { max: maxFiles }));
    setProblems(next);
    onChange(merged.slice(0, maxFiles));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) add([...e.dataTransfer.files]);
  };

  return (
    <div className="pfile-upload">
      <div
        className={over ? 'pfile-drop pfile-drop--over' : 'pfile-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="file-drop"
      >
        <label htmlFor={inputId}>{t(multiple ? 'upload.pick' : 'upload.pick_one')}</label>
        <input
          id={inputId}
          type="file"
          multiple={multiple}
          disabled={disabled}
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <p className="pfile-muted">{t('upload.hint', { max: maxFiles, mb: maxMb })}</p>
      </div>
      {problems.map((p) => (
        <p key={p} role="alert" className="pfile-error">
          {p}
        </p>
      ))}
      {files.length > 0 && (
        <ul className="pfile-chosen" aria-label={t('upload.chosen')}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span>{f.name}</span> <span className="pfile-muted">{formatFileSize(f.size)}</span>{' '}
              <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onChange(files.filter((_, j) => j !== i))}>
                {t('upload.remove', { name: f.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
