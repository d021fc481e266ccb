import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_PREFIX, queryKeys } from '@portal/api-client/core';
import { THEME_IMAGE_FIELD, THEME_IMAGE_SLOTS, type ThemeImageSlot } from '@portal/api-client/schemas/theme-images';
import { api } from '@portal/api-client/browser';
import { postMultipart, useApiImageSrc, useShowActionError } from '@portal/content/kit';
import { Button } from '@portal/ui';

type Item = { slot: ThemeImageSlot; url: string; updated_at: number };

/**
 * The theme's pictures: one per slot, uploaded through the API's image checks and shown by the
 * shell at once (its theme-images query is the one invalidated here); "reset" returns a slot to
 * its plain colour.
 */
export function ThemeImages() {
  const { t } = useTranslation('settings');
  const q = useQuery({ queryKey: queryKeys.themeImages(), queryFn: async () => (await api.call('themeImages')).items as Item[] });
  return (
    <fieldset className="pset-theme-images">
      <legend className="pui-field__label">{t('theme.images.legend')}</legend>
      <p className="pui-field__hint">{t('theme.images.hint')}</p>
      {THEME_IMAGE_SLOTS.map((slot) => (
        <SlotRow key={slot} slot={slot} item={q.data?.find((i) => i.slot === slot)} />
      ))}
    </fieldset>
  );
}

function SlotRow({ slot, item }: { slot: ThemeImageSlot; item: Item | undefined }) {
  const { t } = useTranslation('settings');
  const qc = useQueryClient();
  const showError = useShowActionError();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const src = useApiImageSrc(item?.url);
  const path = `${API_PREFIX}/members/me/setting-theme/images/${slot}`;
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await qc.invalidateQueries({ queryKey: queryKeys.themeImages() });
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const upload = (file: File) =>
    run(() =>
      postMultipart(path, () => {
        const form = new FormData();
        form.append(THEME_IMAGE_FIELD, file, file.name);
        return form;
      }),
    );
  const label = t(`theme.images.slots.${slot}`);
  return (
    <div className="pset-theme-image" data-slot={slot}>
      <span className="pset-theme-image__label">{label}</span>
      {src ? (
        <img src={src} alt={t('theme.images.current', { slot: label })} className="pset-theme-image__thumb" />
      ) : (
        <span className="pset-theme-image__none">{t('theme.images.none')}</span>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif"
        aria-label={t('theme.images.upload', { slot: label })}
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      {item && (
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={() => void run(() => api.call('deleteThemeImage', { params: { slot } }))}
        >
          {t('theme.images.reset', { slot: label })}
        </Button>
      )}
    </div>
  );
}
