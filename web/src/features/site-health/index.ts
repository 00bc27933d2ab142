export { ChallengePanel } from './ChallengePanel';
export { challengeOf } from './challenge';
export { UpstreamError } from './UpstreamError';
