import type { DownloadDestination, DownloadStorage, UserStorageList } from '@capshelf/contract';
import { DatasetOptions } from '@capshelf/contract';
import type { ImageTagger } from '../datasets';
import type { LibraryFolder } from '../library-folder';
import type { Archives } from './archives';
import type { DownloadRepository } from './repository';

/** Tells a user their kept files fill their quota (a notification, at most once a day). */
export type QuotaNotifier = (
  userId: number,
  figures: { keptBytes: number; quotaBytes: number; waiting: number },
) => Promise<void>;

/** What a user keeps on the server against their quota. */
interface Usage {
  keptBytes: number;
  keptCount: number;
  libraryBytes: number;
}

/**
 * Each user's kept archives and library folder against their quota (`DOWNLOAD_KEEP_MAX`). An
 * archive is kept until its owner downloads it in full; past the quota the oldest archives they
 * already downloaded go first, and one never downloaded is never removed: the owner is told, and
 * their new tasks wait (the runner asks `overQuota` before it starts one).
 */
export class KeptArchives {
  constructor(
    private readonly deps: {
      repo: DownloadRepository;
      library: LibraryFolder | null;
      /** The WD14 tagger, whose name the dialogs show (null: none, no tags). */
      tagger: Pick<ImageTagger, 'name'> | null;
      quotaBytes: number;
      archives: Archives;
      notify?: QuotaNotifier;
    },
  ) {}

  async usage(userId: number): Promise<Usage> {
    const archives = await this.deps.repo.keptArchives(userId);
    const zips = archives.filter((a) => destinationOf(a.dataset) !== 'library');
    return {
      keptBytes: zips.reduce((n, a) => n + Number(a.bytes_written), 0),
      keptCount: zips.length,
      libraryBytes: await this.libraryBytes(userId),
    };
  }

  /** The tray's figures: what is kept, the quota, and where the dialogs start. */
  async storage(userId: number): Promise<DownloadStorage> {
    const usage = await this.usage(userId);
    const used = usage.keptBytes + usage.libraryBytes;
    const latest = await this.deps.repo.latestOptions(userId);
    return {
      kept_bytes: usage.keptBytes,
      kept_count: usage.keptCount,
      library_bytes: usage.libraryBytes,
      quota_bytes: this.deps.quotaBytes,
      over_quota: used > this.deps.quotaBytes,
      library_enabled: this.deps.library !== null,
      last_destination: latest && this.deps.library ? destinationOf(latest) : 'zip',
      tagger_model: this.deps.tagger?.name ?? null,
    };
  }

  /** 用户管理: every user's figures. */
  async everyUser(): Promise<UserStorageList> {
    const users = [];
    for (const userId of await this.deps.repo.userIds()) {
      const usage = await this.usage(userId);
      users.push({
        user_id: userId,
        kept_bytes: usage.keptBytes,
        kept_count: usage.keptCount,
        library_bytes: usage.libraryBytes,
      });
    }
    return { users, quota_bytes: this.deps.quotaBytes };
  }

  /** Bytes over the quota now (0: within it), once downloaded archives have made what room they can. */
  async overQuota(userId: number): Promise<{ used: number; quota: number } | null> {
    const used = await this.enforce(userId);
    return used > this.deps.quotaBytes ? { used, quota: this.deps.quotaBytes } : null;
  }

  /**
   * Removes the oldest archives already downloaded while the user is over their quota; answers
   * what they then use. Archives never downloaded stay whatever the total.
   */
  async enforce(userId: number): Promise<number> {
    const { repo, quotaBytes } = this.deps;
    const kept = (await repo.keptArchives(userId)).filter(
      (a) => destinationOf(a.dataset) !== 'library',
    );
    let used =
      kept.reduce((n, a) => n + Number(a.bytes_written), 0) + (await this.libraryBytes(userId));
    const removed: string[] = [];
    for (const archive of kept) {
      if (used <= quotaBytes) break;
      if (archive.downloaded_at === null) continue;
      removed.push(archive.id);
      used -= Number(archive.bytes_written);
    }
    await repo.expireArchives(removed);
    await this.deps.archives.remove(removed);
    return used;
  }

  /** Tells the owner once their unattended work waits for room. */
  async tell(userId: number, used: number, waiting: number): Promise<void> {
    await this.deps.notify?.(userId, {
      keptBytes: used,
      quotaBytes: this.deps.quotaBytes,
      waiting,
    });
  }

  private async libraryBytes(userId: number): Promise<number> {
    const { library, repo } = this.deps;
    return library ? library.usage(await repo.usernameOf(userId)) : 0;
  }
}

function destinationOf(dataset: string): DownloadDestination {
  return DatasetOptions.parse(JSON.parse(dataset)).destination;
}
