import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type TopicAttachment } from '@portal/api-client/core';
import { Button } from '@portal/ui';
import { FileKindIcon } from '../files/FileKindIcon';
import { formatFileSize } from '../files/format';
import { attachmentRoom } from './values';

const MB = 1024 * 1024;

export interface AttachmentFieldProps {
  attached: TopicAttachment[];
  removed: number[];
  files: File[];
  /** Largest file in MB: the group's max_img_size_per_attachment (common topics: the default). */
  maxMb: number;
  disabled?: boolean | undefined;
  error?: string | undefined;
  onChange: (next: { removed: number[]; files: File[] }) => void;
}

/** Keeps what fits: files within `maxMb`, and no more than the topic's remaining room. */
export function pickFiles(picked: File[], room: number, maxMb: number) {
  const tooLarge = picked.filter((f) => f.size > maxMb * MB);
  const fitting = picked.filter((f) => f.size <= maxMb * MB);
  const accepted = fitting.slice(0, Math.max(0, room));
  return { accepted, tooLarge, overCount: fitting.length - accepted.length };
}

/**
 * The topic's attachments: the ones it has (an update), each removable until the save and
 * restorable before it, and new files picked now. Files over the size limit and files beyond
 * LIMITS.maxFilesPerUpload per topic are refused here with the reason; the server checks again.
 */
export function AttachmentField({ attached, removed, files, maxMb, disabled, error, onChange }: AttachmentFieldProps) {
  const { t } = useTranslation('topics');
  const ids = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const room = attachmentRoom({ attached, removedAttachments: removed, files });

  const add = (picked: File[]) => {
    const { accepted, tooLarge, overCount } = pickFiles(picked, room, maxMb);
    const found = tooLarge.map((f) => t('editor.attachments_too_large', { name: f.name, mb: maxMb }));
    if (overCount > 0) found.push(t('editor.attachments_too_many', { max: LIMITS.maxFilesPerUpload, count: overCount }));
    setProblems(found);
    if (accepted.length > 0) onChange({ removed, files: [...files, ...accepted] });
  };
  const restore = (id: number) => {
    if (room <= 0) {
      setProblems([t('editor.attachments_too_many', { max: LIMITS.maxFilesPerUpload, count: 1 })]);
      return;
    }
    onChange({ removed: removed.filter((r) => r !== id), files });
  };

  return (
    <fieldset className="ptop-editor__options ptop-attach-field" disabled={disabled} aria-describedby={`${ids}-hint`}>
      <legend>{t('editor.attachments')}</legend>
      <p id={`${ids}-hint`} className="ptop-muted">
        {t('editor.attachments_hint', { max: LIMITS.maxFilesPerUpload, mb: maxMb })}
      </p>
      {(attached.length > 0 || files.length > 0) && (
        <ul className="ptop-attach-field__list" aria-label={t('editor.attachments_list')}>
          {attached.map((a) => {
            const gone = removed.includes(a.id);
            return (
              <li
                key={`a${a.id}`}
                className={gone ? 'ptop-attach-field__item ptop-attach-field__item--removed' : 'ptop-attach-field__item'}
              >
                <FileKindIcon kind={a.kind} size={20} />
                <span className="ptop-attach-field__name">{a.name}</span>
                <span className="ptop-muted">{formatFileSize(a.size)}</span>
                {gone && <span className="ptop-mark">{t('editor.attachments_removed_mark')}</span>}
                <Button variant="link" size="sm" onClick={() => (gone ? restore(a.id) : onChange({ removed: [...removed, a.id], files }))}>
                  {t(gone ? 'editor.attachments_restore' : 'editor.attachments_remove', { name: a.name })}
                </Button>
              </li>
            );
          })}
          {files.map((f, i) => (
            <li key={`n${i}-${f.name}`} className="ptop-attach-field__item">
              <span className="ptop-mark">{t('editor.attachments_new_mark')}</span>
              <span className="ptop-attach-field__name">{f.name}</span>
              <span className="ptop-muted">{formatFileSize(f.size)}</span>
              <Button variant="link" size="sm" onClick={() => onChange({ removed, files: files.filter((_, j) => j !== i) })}>
                {t('editor.attachments_remove', { name: f.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label className="ptop-attach-field__pick">
        <span className="pui-btn pui-btn--secondary pui-btn--sm">{t('editor.attachments_pick')}</span>
        <input
          type="file"
          multiple
          className="pui-visually-hidden"
          disabled={disabled || room <= 0}
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
      {[...problems, ...(error ? [t(error, { max: LIMITS.maxFilesPerUpload })] : [])].map((p) => (
        <p key={p} role="alert" className="pui-field__error">
          {p}
        </p>
      ))}
    </fieldset>
  );
}
