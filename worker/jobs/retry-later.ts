/** Thrown by a handler that wants its message back after `delaySeconds` (e.g. a 429). */
export class RetryLater extends Error {
  constructor(
    readonly delaySeconds: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'RetryLater';
  }
}
