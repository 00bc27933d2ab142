import {
  FeedAddress,
  FeedFileParams,
  Follow,
  FollowChangeRequest,
  FollowEpisodeParams,
  FollowIdParams,
  FollowRequest,
  FollowsResponse,
  UnfollowResponse,
} from '../follows';
import { route } from '../route';

/** The caller's own follows (a new follow answers 201, marking seen 204) and personal feed. */
export const followRoutes = {
  list: route({ method: 'GET', path: '/api/follows', responses: { 200: FollowsResponse } }),
  follow: route({
    method: 'POST',
    path: '/api/follows',
    body: FollowRequest,
    responses: { 200: Follow, 201: Follow },
  }),
  setMode: route({
    method: 'PATCH',
    path: '/api/follows/:id',
    params: FollowIdParams,
    body: FollowChangeRequest,
    responses: { 200: Follow },
  }),
  unfollow: route({
    method: 'DELETE',
    path: '/api/follows/:id',
    params: FollowIdParams,
    responses: { 200: UnfollowResponse },
  }),
  /** Every new episode of every follow is seen (the home page's 全部已读). */
  markAllSeen: route({ method: 'POST', path: '/api/follows/seen-all' }),
  markSeen: route({ method: 'POST', path: '/api/follows/:id/seen', params: FollowIdParams }),
  /**
   * The episode was opened: it and the follow's episodes found no later than it are seen (204;
   * nothing changes when it is not new to the caller).
   */
  markEpisodeSeen: route({
    method: 'POST',
    path: '/api/follows/:id/seen/:episodeId',
    params: FollowEpisodeParams,
  }),
  /**
   * 立即检查: the followed work's listing is read now, through the same paced checks as the
   * schedule; answers the follow as it then stands. 429 (`retry_after`) within a minute of the
   * caller's last check of that work.
   */
  check: route({
    method: 'POST',
    path: '/api/follows/:id/check',
    params: FollowIdParams,
    responses: { 200: Follow },
  }),
  feed: {
    /** The feed's address, on the profile (an account route: a session only). */
    address: route({ method: 'GET', path: '/api/auth/feed', responses: { 200: FeedAddress } }),
    /** A new address; the old one stops working. */
    regenerate: route({ method: 'POST', path: '/api/auth/feed', responses: { 200: FeedAddress } }),
    /** Answers 204. */
    turnOff: route({ method: 'DELETE', path: '/api/auth/feed' }),
    /** The Atom feed itself, for feed readers (`<token>.atom`, no session, outside /api). */
    atom: route({ method: 'GET', path: '/feeds/:file', params: FeedFileParams }),
  },
};
