export { ChallengeMet } from './met';
export { ClearanceGate, SOLVE_BACKOFF, solveBackoffMs, type CurrentClearance } from './gate';
export { isChallenge, needsHuman, type ChallengeReason } from './detect';
export { SolveFailure, type ChallengeSolver, type Clearance } from './solver';
export { CredentialsStore, type CredentialsRecord } from './store';
export { chromiumInstalled, chromiumSolver, CHROMIUM_PATH } from './chromium';
export { type IdentityReport } from './identity-check';
export { configuredSolver, startIdentityCheck } from './setup';
