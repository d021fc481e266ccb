import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { themeBody, type ThemeBody } from '@portal/api-client/schemas/settings';
import { THEME_PRESET_NAMES, THEME_PRESETS, ThemeType, type ThemePalette } from '@portal/api-client/core';
import type { Settings } from '@portal/api-client/schemas/members';
import { Button, ErrorFallback, Spinner, useDocumentTitle } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useUpdateTheme } from '../api/profile';
import { useSettings } from '../api/settings';
import { useSectionForm } from '../api/use-section-form';
import { ThemeImages } from '../components/ThemeImages';

const COLORS = ['nav_menu_bg_color', 'banner_header_bg_color', 'main_bg_color', 'title_color', 'title_background'] as const;
const FIELDS = ['theme_type', 'theme_name', ...COLORS] as const;
const TYPES = [ThemeType.NONE, ThemeType.PRESCRIPTIVE, ThemeType.CUSTOM] as const;

/** Colour inputs give lower-case #rrggbb; stored values may be #rgb or upper case. */
function sixDigits(c: string): string {
  const h = c.trim().toLowerCase();
  return /^#[0-9a-f]{3}$/.test(h) ? `#${[...h.slice(1)].map((x) => x + x).join('')}` : h;
}

function toForm(s: Settings['setting_themes']): ThemeBody {
  const { theme_name, ...rest } = s.theme;
  const palette = Object.fromEntries(COLORS.map((c) => [c, sixDigits(rest[c])])) as unknown as ThemePalette;
  const name = (THEME_PRESET_NAMES as string[]).includes(theme_name) || theme_name === 'custom' ? theme_name : 'default';
  return { theme_type: s.theme_type, theme_name: name, ...palette } as ThemeBody;
}

/** /setting/setting-theme: no theme, a prescriptive theme, or custom colours kept readable. */
export function SettingThemePage() {
  const { t } = useTranslation('settings');
  const title = t('pages.setting_theme');
  useDocumentTitle(title);
  const settings = useSettings();
  const loaded = useMemo(() => (settings.data ? toForm(settings.data.setting_themes) : undefined), [settings.data]);
  return (
    <section className="pset-page" aria-labelledby="pset-theme-title">
      <h1 id="pset-theme-title" className="pui-page-title">
        {title}
      </h1>
      {settings.isPending && <Spinner />}
      {settings.isError && <ErrorFallback error={settings.error} onRetry={() => void settings.refetch()} />}
      {loaded && <ThemeForm loaded={loaded} />}
      {loaded && <ThemeImages />}
    </section>
  );
}

function ThemeForm({ loaded }: { loaded: ThemeBody }) {
  const { t } = useTranslation('settings');
  const update = useUpdateTheme();
  const { form, submit, onKeyDown } = useSectionForm<ThemeBody>(
    themeBody as never,
    loaded,
    (v) => update.mutateAsync(v),
    FIELDS,
    'theme.saved',
  );
  const { register, watch, setValue, formState } = form;
  const type = watch('theme_type');
  const name = watch('theme_name');
  const e = formState.errors;

  const pickType = (next: ThemeBody['theme_type']) => {
    setValue('theme_type', next, { shouldDirty: true });
    if (next === ThemeType.CUSTOM) setValue('theme_name', 'custom');
    if (next === ThemeType.PRESCRIPTIVE && name === 'custom') pickPreset('default');
  };
  const pickPreset = (preset: (typeof THEME_PRESET_NAMES)[number]) => {
    setValue('theme_name', preset, { shouldDirty: true });
    for (const c of COLORS) setValue(c, THEME_PRESETS[preset][c]);
  };

  return (
    <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <fieldset>
        <legend className="pui-field__label">{t('theme.type')}</legend>
        {TYPES.map((v) => (
          <label key={v} className="pset-radio">
            <input type="radio" name="theme_type" checked={type === v} onChange={() => pickType(v)} /> {t(`theme.types.${v}`)}
          </label>
        ))}
      </fieldset>
      {type === ThemeType.PRESCRIPTIVE && (
        <fieldset>
          <legend className="pui-field__label">{t('theme.preset')}</legend>
          {THEME_PRESET_NAMES.map((p) => (
            <label key={p} className="pset-radio pset-preset">
              <input type="radio" name="theme_name" checked={name === p} onChange={() => pickPreset(p)} />
              <span className="pset-swatches" aria-hidden="true">
                {COLORS.map((c) => (
                  <span key={c} className="pset-swatch" style={{ background: THEME_PRESETS[p][c] }} />
                ))}
              </span>
              {t(`theme.presets.${p}`)}
            </label>
          ))}
        </fieldset>
      )}
      {type === ThemeType.CUSTOM && (
        <div className="pset-theme-colors">
          {COLORS.map((c) => (
            <TextField key={c} type="color" className="pset-color" label={t(`theme.colors.${c}`)} error={e[c]?.message} {...register(c)} />
          ))}
          <p className="pui-field__hint">{t('theme.contrast_hint')}</p>
        </div>
      )}
      <ThemePreview palette={Object.fromEntries(COLORS.map((c) => [c, watch(c)])) as unknown as ThemePalette} />
      <div className="pset-form__actions">
        <Button type="submit" loading={formState.isSubmitting}>
          {t('theme.submit')}
        </Button>
      </div>
    </form>
  );
}

/** How the chosen colours look before they are saved. */
function ThemePreview({ palette }: { palette: ThemePalette }) {
  const { t } = useTranslation('settings');
  return (
    <figure className="pset-theme-preview" aria-label={t('theme.preview')}>
      <div style={{ background: palette.nav_menu_bg_color, color: '#fff' }}>{t('theme.preview_nav')}</div>
      <div style={{ background: palette.banner_header_bg_color, height: 8 }} />
      <div style={{ background: palette.main_bg_color, color: '#212529' }}>
        <p style={{ background: palette.title_background, color: palette.title_color }}>{t('theme.preview_title')}</p>
        {t('theme.preview_text')}
      </div>
    </figure>
  );
}
