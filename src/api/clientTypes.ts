/** What every client method takes besides its request: cancellation, and a submission's envelope. */
export interface RequestOptions {
  signal?: AbortSignal;
}

export interface SubmitInput<P> {
  organizationId: string;
  parameters: P;
  generateAppProofs?: boolean;
  /** Milliseconds since the epoch, as a string. Default: now. Reuse it to resubmit the same activity. */
  timestampMs?: string;
}
