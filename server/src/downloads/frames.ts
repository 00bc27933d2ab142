import type { Directory, ImagePlace } from '../catalog';
import type { FrameRecord } from '../datasets';
import type { UrlBuilders } from '../upstream';
import type { Group } from './groups';
import type { DownloadItem } from './items';
import type { WorkTask } from './work';

/**
 * What every layout tells of each image: a whole-work task knows its work and episode; a
 * selection's images are placed by the directory (where the crawls listed them), one group's
 * images looked up at once.
 */
export class JobFrames {
  private places = new Map<string, ImagePlace>();

  constructor(
    private readonly request: WorkTask | null,
    private readonly deps: { builders: UrlBuilders; directory: Directory },
  ) {}

  async prepare(group: Group): Promise<void> {
    if (this.request) return;
    const byKind = new Map<DownloadItem['kind'], number[]>();
    for (const item of group.items) {
      const ids = byKind.get(item.kind);
      if (ids) ids.push(item.id);
      else byKind.set(item.kind, [item.id]);
    }
    for (const [kind, ids] of byKind)
      for (const [id, place] of await this.deps.directory.placesOf(kind, ids))
        this.places.set(`${kind}:${id}`, place);
  }

  frameOf(group: Group, item: DownloadItem, i: number): FrameRecord {
    const source_url = this.deps.builders.picturePageUrl(item.kind, item.id);
    const { request } = this;
    const episode = group.episode;
    if (request && episode)
      return {
        id: item.id,
        kind: item.kind,
        work_id: request.work.id,
        work_title: request.work.title,
        episode_id: episode.id,
        episode_title: episode.title,
        position: i + 1,
        source_url,
      };
    const place = this.places.get(`${item.kind}:${item.id}`);
    return {
      id: item.id,
      kind: item.kind,
      work_id: place?.work_id ?? null,
      work_title: place?.work_title ?? null,
      episode_id: place?.episode_id ?? null,
      episode_title: place?.episode_title ?? null,
      position: place?.position ?? null,
      source_url,
    };
  }
}
