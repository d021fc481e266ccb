import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStore } from '@nanostores/react';
import { API_PREFIX, queryKeys, ThemeType } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { setLanguage } from '@portal/i18n';
import { applyTheme, applyThemeImages, type ThemeImageSlotName } from '@portal/ui';
import { applyUserSettings } from '../session/settings';
import { $contentShown } from '../stores/content';

/**
 * Keeps language and theme in step with the stored settings: after a reload (settings come from
 * the API, not storage), and whenever the query is refetched (realtime `settings.updated`, or a
 * settings page invalidating it). Theme pictures are fetched with the token (an API image cannot
 * be a plain `url()`) and set as object URLs; the "none" theme shows none of them.
 */
export function useUserSettings(): void {
  const { data } = useQuery({
    queryKey: queryKeys.settings(),
    queryFn: async () => (await api.call('settings')).items,
  });
  // The pictures (and their downloads) wait until the page has shown its content: the theme's
  // colours come with the settings, the pictures only decorate (stores/content.ts).
  const images = useQuery({
    queryKey: queryKeys.themeImages(),
    queryFn: async () => (await api.call('themeImages')).items,
    meta: { silent: true },
    enabled: useStore($contentShown),
  });
  useEffect(() => {
    if (data) void applyUserSettings(data, { setLanguage, applyTheme });
  }, [data]);

  const themed = data !== undefined && data.setting_themes.theme_type !== ThemeType.NONE;
  useEffect(() => {
    if (!themed || !images.data) {
      applyThemeImages({});
      return;
    }
    let live = true;
    const made: string[] = [];
    void (async () => {
      const urls: Partial<Record<ThemeImageSlotName, string>> = {};
      for (const img of images.data) {
        try {
          const res = await api.request('GET', img.url.slice(API_PREFIX.length), { headers: { Accept: 'image/*' } });
          const url = URL.createObjectURL(await res.blob());
          made.push(url);
          urls[img.slot] = url;
        } catch {
          // A picture that cannot be had leaves its slot on the plain colour.
        }
      }
      if (live) applyThemeImages(urls);
    })();
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [themed, images.data]);
}
