import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/** The signed-in user's profile (same cache entry as the shell's): gates the admin area. */
export function useIsCompanyAdmin(): boolean | undefined {
  const me = useQuery({ queryKey: queryKeys.me(), queryFn: async () => (await api.call('me')).items });
  return me.data ? me.data.info.is_company_admin : undefined;
}

export const adminKeys = {
  all: ['admin'] as const,
  employees: (q: object) => ['admin', 'employees', q] as const,
  employee: (id: number) => ['admin', 'employee', id] as const,
  capacity: () => ['admin', 'capacity'] as const,
  audit: (q: object) => ['admin', 'audit', q] as const,
  remotes: () => ['admin', 'remotes'] as const,
  release: () => ['admin', 'release'] as const,
};

/** Downloads a CSV the API answers (the bearer token cannot ride on a plain link). */
export async function downloadCsv(path: string, name: string): Promise<void> {
  const res = await api.request('GET', path);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** File bytes as base64 for the JSON body of the import preview. */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const formatTime = (ms: number | null, lang: string) =>
  ms === null
    ? ''
    : new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ja-JP', {
        timeZone: 'Asia/Tokyo',
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(ms));
