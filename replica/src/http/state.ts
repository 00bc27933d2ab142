import type { JsChallenge } from '../challenge';
import type { RequestCounter } from '../counts';
import type { FaultTable } from '../faults';

/** What the replica's hooks and control routes share: its faults, counts and challenge. */
export interface ReplicaState {
  faults: FaultTable;
  counter: RequestCounter;
  challenge: JsChallenge;
  /** TLS mode: connections whose ClientHello a bot manager would refuse (see tls/gate.ts). */
  refusedConnections?: Set<string>;
}
