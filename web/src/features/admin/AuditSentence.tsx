import { Trans, useTranslation } from 'react-i18next';
import type { AuditEntry } from '@capshelf/contract';
import { i18n } from '../../i18n';
import { roleLabel } from '../../pages/profile/labels';
import { formatBytes } from '../downloads/size';

type Detail = AuditEntry['detail'];
type Values = Record<string, string | number>;
/** An entry as a catalogue key under `audit.sentence` and the values it takes. */
type Sentence = [key: string, values?: Values];

const text = (value: Detail[string] | undefined) =>
  value === undefined || value === null ? '' : String(value);
const count = (value: Detail[string] | undefined) => (typeof value === 'number' ? value : 0);
const list = (items: string[], lng: string) =>
  new Intl.ListFormat(lng, { style: 'long', type: 'conjunction' }).format(items);

/** Accounts, tokens and the clearance: the target is an account's email (or the clearance). */
function accountSentence({ action, detail }: AuditEntry, lng: string): Sentence | null {
  switch (action) {
    case 'user.create':
      return ['userCreate', { role: roleLabel(text(detail.role)) }];
    case 'user.role':
      return ['userRole', { from: roleLabel(text(detail.from)), to: roleLabel(text(detail.to)) }];
    case 'user.disable':
      return ['userDisable'];
    case 'user.enable':
      return ['userEnable'];
    case 'user.password_reset':
      return [detail.generated ? 'passwordGenerated' : 'passwordChosen'];
    case 'user.email':
      return ['userEmail', { from: text(detail.from) }];
    case 'token.create': {
      const scopes = text(detail.scopes).split(',').filter(Boolean);
      const names = scopes.map((scope) => i18n.t(`tokens:scope.${scope}`, { defaultValue: scope }));
      return ['tokenCreate', { name: text(detail.name), scopes: list(names, lng) }];
    }
    case 'token.revoke':
      return ['tokenRevoke', { name: text(detail.name) }];
    case 'clearance.paste':
      return ['clearancePaste'];
    case 'clearance.clear':
      return ['clearanceClear'];
    default:
      return null;
  }
}

/**
 * The caches: an eviction (manual when an admin asked for it; the server's own under the limits
 * would come from `system`) or a deletion of listings, searches or files.
 */
function cacheSentence({ action, detail, source }: AuditEntry, lng: string): Sentence | null {
  const files = count(detail.count);
  if (action === 'cache.evict') {
    const how = i18n.t(source === 'system' ? 'admin:audit.evictAuto' : 'admin:audit.evictManual');
    if (files === 0) return ['evictNone', { how }];
    const favorites = i18n.t(
      detail.includeFavorites ? 'admin:audit.favoritesIn' : 'admin:audit.favoritesOut',
    );
    return ['evict', { how, count: files, size: formatBytes(count(detail.bytes), lng), favorites }];
  }
  if (action !== 'cache.delete') return null;
  const one = detail.episodeId !== undefined || detail.workId !== undefined;
  switch (detail.type) {
    case 'clear-listings':
      if (detail.all) return ['listingsAll', { count: files }];
      if (one) return ['listingsOf', { count: files }];
      return searchSentence(detail, files);
    case 'clear-search':
      return searchSentence(detail, files);
    case 'delete-files':
      return [detail.all ? 'filesAll' : 'filesOf', { count: files }];
    default:
      return null;
  }
}

const searchSentence = (detail: Detail, files: number): Sentence =>
  detail.pattern === undefined || detail.pattern === ''
    ? ['searchesAll', { count: files }]
    : ['searchesOf', { count: files, pattern: text(detail.pattern) }];

/** Work titles and share links (`share:<id>`; unlock and download are a visitor's). */
function otherSentence({ action, detail, target }: AuditEntry, lng: string): Sentence | null {
  const none = i18n.t('admin:audit.none');
  const id = target.replace(/^share:/, '');
  switch (action) {
    case 'title.correct':
      return ['titleCorrect', { before: text(detail.before) || none, after: text(detail.after) }];
    case 'title.remove':
      return ['titleRemove', { before: text(detail.before) || none }];
    case 'share.create':
      return [
        'shareCreate',
        {
          id,
          count: count(detail.images),
          kind: i18n.t(`admin:audit.shareKind.${text(detail.kind)}`),
        },
      ];
    case 'share.change': {
      const changed = [
        detail.expiry && i18n.t('admin:audit.shareChanged.expiry'),
        detail.password && i18n.t('admin:audit.shareChanged.password'),
        detail.download === true && i18n.t('admin:audit.shareChanged.downloadOn'),
        detail.download === false && i18n.t('admin:audit.shareChanged.downloadOff'),
      ].filter((item): item is string => typeof item === 'string');
      return ['shareChange', { id, changes: list(changed, lng) || none }];
    }
    case 'share.revoke':
      return ['shareRevoke', { id, owner: text(detail.owner) }];
    case 'share.unlock':
      return ['shareUnlock', { id }];
    case 'share.download':
      return ['shareDownload', { id, count: count(detail.images) }];
    default:
      return null;
  }
}

/**
 * What an audit entry did, as one sentence in the reader's language, with names and addresses
 * marked as user data. The raw `detail` stays in the API for scripts; an action this page does
 * not know yet reads as its name, its target and its particulars.
 */
export function AuditSentence({ entry }: { entry: AuditEntry }) {
  const { t, i18n: current } = useTranslation('admin');
  const lng = current.language;
  const sentence =
    accountSentence(entry, lng) ?? cacheSentence(entry, lng) ?? otherSentence(entry, lng);
  if (!sentence) {
    const particulars = Object.entries(entry.detail).map(
      ([key, value]) => `${key}: ${text(value)}`,
    );
    return (
      <span data-user-content className="break-all">
        {[entry.action, entry.target, ...particulars].join(' · ')}
      </span>
    );
  }
  const [key, values] = sentence;
  return (
    <Trans
      t={t}
      i18nKey={`audit.sentence.${key}`}
      values={{ target: entry.target, ...values }}
      components={{ u: <span data-user-content className="break-all" /> }}
    />
  );
}
