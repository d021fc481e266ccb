import type { LanguageCode } from '@portal/api-client';
import { type MailTemplate, type MailValues, mailTemplate } from '@portal/i18n/mail';
import type { MailMessage } from './index';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Every mail the portal sends is a few lines of text with at most one link: the plain-text part
 * is the lines, and the HTML part the same lines escaped, with the link line made clickable.
 */
export function composeMail(lang: LanguageCode, to: string, content: { subject: string; lines: string[] }, link?: string): MailMessage {
  const html = content.lines
    .map((line) => {
      if (line === '') return '';
      if (link !== undefined && line === link) return `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
      return `<p>${escapeHtml(line)}</p>`;
    })
    .join('\n');
  return {
    to,
    subject: content.subject,
    text: content.lines.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body>${html}</body></html>`,
  };
}

/**
 * A mail whose subject and body are the template `kind` of @portal/i18n's mail strings in the
 * recipient's language; `values.link`, when given, is the clickable line.
 */
export function templateMail(lang: LanguageCode, to: string, kind: MailTemplate, values: MailValues): MailMessage {
  const link = values.link === undefined ? undefined : String(values.link);
  return composeMail(lang, to, mailTemplate(lang, kind, values), link);
}
