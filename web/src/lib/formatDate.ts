import { i18n } from '../i18n';

/** Local date and time in the page's language, or 未知/unknown for a missing or unparsable value. */
export function formatDate(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleString(i18n.language)
    : i18n.t('common:unknown');
}
