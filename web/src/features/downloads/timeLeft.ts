/** "约 40 秒" / "约 12 分钟" / "约 2 小时 5 分钟": the tray's estimate of time left. */
export function timeLeftText(seconds: number): string {
  if (seconds < 60) return `约 ${Math.max(1, seconds)} 秒`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `约 ${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest > 0 ? `约 ${hours} 小时 ${rest} 分钟` : `约 ${hours} 小时`;
}
