const BADGE_CAP = 99;

/** Badge text for a count: hidden at 0, capped at "99+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
