import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatFile } from '@portal/api-client/core';
import { Button, Dialog, Spinner } from '@portal/ui';
import { useApiImageSrc, useShowActionError } from '@portal/content/kit';
import { chatFileUrl, download } from '../../lib/files';

/** A horizontal move this long (px) on a touch screen is a swipe to the next or previous image. */
const SWIPE_PX = 50;

/**
 * A chat's images one at a time, full size: ← and → (or a swipe) step through them, Escape
 * closes, and the shown one can be downloaded.
 */
export function ImageViewer({ chatId, files, start, onClose }: { chatId: number; files: ChatFile[]; start: number; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [index, setIndex] = useState(Math.min(Math.max(start, 0), files.length - 1));
  const touch = useRef<number | null>(null);
  const showError = useShowActionError();
  const file = files[index]!;
  const src = useApiImageSrc(chatFileUrl(chatId, file.id, 'preview'));
  const step = (by: number) => setIndex((i) => Math.min(Math.max(i + by, 0), files.length - 1));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === 'ArrowRight') step(1);
    else return;
    e.preventDefault();
  };

  return (
    <Dialog titleId={`${id}-t`} descriptionId={`${id}-d`} onDismiss={onClose} className="chat-dialog chat-viewer">
      <div
        className="chat-viewer__body"
        onKeyDown={onKeyDown}
        onTouchStart={(e) => {
          touch.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const from = touch.current;
          touch.current = null;
          const to = e.changedTouches[0]?.clientX;
          if (from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
          step(to < from ? 1 : -1);
        }}
      >
        <h2 id={`${id}-t`} className="chat-dialog__title chat-viewer__title">
          <bdi>{file.name}</bdi>
          <span id={`${id}-d`} className="chat-viewer__position">
            {t('viewer.position', { index: index + 1, total: files.length })}
          </span>
        </h2>
        <div className="chat-viewer__stage">
          {src ? <img src={src} alt={t('message.image', { name: file.name })} className="chat-viewer__image" /> : <Spinner />}
        </div>
        <div className="chat-dialog__actions chat-viewer__actions">
          <Button variant="secondary" onClick={() => step(-1)} disabled={index === 0}>
            {t('viewer.previous')}
          </Button>
          <Button variant="secondary" onClick={() => step(1)} disabled={index === files.length - 1}>
            {t('viewer.next')}
          </Button>
          <Button variant="secondary" onClick={() => void download(chatId, file).catch(showError)}>
            {t('viewer.download')}
          </Button>
          <Button onClick={onClose}>{t('viewer.close')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
