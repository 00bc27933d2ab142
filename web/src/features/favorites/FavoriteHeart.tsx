import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError, errorMessage, useFavoriteChange, type FavoriteChange } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { i18n } from '../../i18n';
import { useSession, type LoginRedirectState } from '../auth';
import { useFavoriteLookup } from './lookup';
import { addChange, type FavoriteTarget } from './targets';

/**
 * A 401 asks to log in; otherwise the server's message, else a generic failure. In the
 * language shown when it is called.
 */
export function favoriteFailure(
  error: unknown,
  t: TFunction<'favorites'> = i18n.getFixedT(null, 'favorites'),
): string {
  if (error instanceof ApiError && error.status === 401) return t('heart.loginRequired');
  return errorMessage(error, t('heart.failed'));
}

interface FavoriteHeartProps {
  target: FavoriteTarget;
  /** The search page asks a signed-out visitor whether to log in; elsewhere the heart is disabled. */
  askLogin?: boolean;
  /** Position and colours for where the heart sits (a white card or over a picture). */
  className?: string;
}

/** The one favourite toggle of works, episodes and images, optimistic (see useFavoriteChange). */
export function FavoriteHeart({ target, askLogin = false, className = '' }: FavoriteHeartProps) {
  const { t } = useTranslation('favorites');
  const signedIn = useSession().status === 'authenticated';
  const lookup = useFavoriteLookup();
  const change = useFavoriteChange();
  const [asking, setAsking] = useState(false);

  const favoriteId = lookup.favoriteId(target);
  // A negative id is a draft the server has not confirmed: shown as being saved, never as saved.
  const saving = (favoriteId ?? 0) < 0;
  const favorited = favoriteId !== undefined && !saving;
  const busy = change.isPending || lookup.loading || saving;
  const label = saving ? t('heart.saving') : favorited ? t('heart.remove') : t('heart.add');

  const toggle = () => {
    if (!signedIn) return setAsking(true);
    const next: FavoriteChange =
      favoriteId !== undefined
        ? { action: 'remove', type: target.type, id: favoriteId }
        : addChange(target);
    // A promise, not mutate()'s callbacks, so the failure is told even if the card is gone.
    change.mutateAsync(next).catch((error: unknown) => toast.error(favoriteFailure(error, t)));
  };

  return (
    <>
      <button
        type="button"
        aria-pressed={favorited}
        aria-busy={saving}
        aria-label={label}
        title={signedIn ? label : t('heart.loginRequired')}
        disabled={signedIn ? busy : !askLogin}
        onClick={toggle}
        className={`transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      >
        <Heart
          aria-hidden
          className={`size-5 ${favorited ? 'fill-rose-500 text-rose-500' : ''} ${saving ? 'animate-pulse text-rose-400' : ''}`}
        />
      </button>
      {askLogin && !signedIn && <LoginPrompt open={asking} onOpenChange={setAsking} />}
    </>
  );
}

function LoginPrompt(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('favorites');
  const navigate = useNavigate();
  const location = useLocation();
  const state: LoginRedirectState = { from: location.pathname + location.search };
  return (
    <ConfirmDialog
      {...props}
      title={t('login.title')}
      description={t('login.description')}
      confirmLabel={t('login.go')}
      onConfirm={() => navigate('/login', { state })}
    />
  );
}
