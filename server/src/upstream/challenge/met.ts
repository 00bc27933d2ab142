/** A challenge answered to a request sent with clearance `version`; the client's own signal. */
export class ChallengeMet extends Error {
  constructor(
    readonly status: number,
    readonly version = -1,
  ) {
    super(`the site answered a challenge (HTTP ${status})`);
    this.name = 'ChallengeMet';
  }

  sentWith(version: number): ChallengeMet {
    return new ChallengeMet(this.status, version);
  }
}
