import type { TFunction } from 'i18next';

/**
 * The API writes an audit entry's detail as a short, language-free note (kept as written, since
 * the trail must not change after the fact). This reads the notes it writes and says them in
 * the reader's language; anything else (an older or unknown form) is shown as stored.
 */
const NOTE = / \(auto-delete from the bin\)$/;

function field(t: TFunction, key: string): string {
  return t(`admin.audit.fields.${key}`, { defaultValue: key });
}

function one(t: TFunction, part: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /^failures: (\d+)$/.exec(part))) return t('admin.audit.details.failures', { count: Number(m[1]) });
  if (part === 'failed_logins') return t('admin.audit.details.failed_logins');
  if ((m = /^demo #(\d+)$/.exec(part))) return t('admin.audit.details.demo', { n: Number(m[1]) });
  if ((m = /^created (\d+), changed (\d+), unchanged (\d+)$/.exec(part))) {
    return t('admin.audit.details.import', { created: Number(m[1]), changed: Number(m[2]), unchanged: Number(m[3]) });
  }
  if ((m = /^(\d+) (topics|files): ([\s\S]*)$/.exec(part))) return t(`admin.audit.details.${m[2]}`, { count: Number(m[1]), names: m[3] });
  if (part === 'common topic') return t('admin.audit.details.common_topic');
  if ((m = /^group #(\d+)$/.exec(part))) return t('admin.audit.details.group', { id: Number(m[1]) });
  if ((m = /^([a-z_]+): (\S+) → (\S+)$/.exec(part)))
    return t('admin.audit.details.changed_from_to', { field: field(t, m[1]!), from: m[2], to: m[3] });
  if ((m = /^([a-z_]+): (true|false)$/.exec(part)))
    return t(`admin.audit.details.${m[2] === 'true' ? 'granted' : 'withdrawn'}`, { field: field(t, m[1]!) });
  return null;
}

export function auditDetail(t: TFunction, detail: string): string {
  if (!detail) return '';
  const auto = NOTE.test(detail);
  const body = detail.replace(NOTE, '');
  let text: string;
  const parts = body.split(', ').map((p) => one(t, p));
  if (parts.every((p) => p !== null)) text = parts.join(t('admin.audit.details.separator'));
  else if (/^[a-z_]+(, [a-z_]+)*$/.test(body)) {
    // employee.updated: the names of the changed fields.
    text = t('admin.audit.details.fields_changed', {
      fields: body
        .split(', ')
        .map((k) => field(t, k))
        .join(t('admin.audit.details.separator')),
    });
  } else text = one(t, body) ?? body;
  return auto ? `${text}${t('admin.audit.details.auto_delete')}` : text;
}
