/** Local date and time, or '未知' for a missing or unparsable value (spec §5). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '未知';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '未知' : date.toLocaleString('zh-CN');
}
