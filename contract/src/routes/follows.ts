import {
  FeedAddress,
  FeedFileParams,
  Follow,
  FollowChangeRequest,
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
