export { ChallengePanel } from './ChallengePanel';
export { challengeOf } from './challenge';
