/** What running an activity comes to: a status, a result or failure, and the changes to the organization. */
import type { KnownActivityStatus } from '../api';
import { rpcStatusBody } from './rpcError';
import type { Effect, RpcStatusBody } from './state';

export interface Outcome {
  readonly status: KnownActivityStatus;
  readonly result: Record<string, unknown>;
  readonly failure?: RpcStatusBody;
  readonly effects: readonly Effect[];
}

export const failed = (code: number, message: string, turnkeyErrorCode: string): Outcome => ({
  status: 'ACTIVITY_STATUS_FAILED',
  result: {},
  failure: rpcStatusBody(code, message, turnkeyErrorCode),
  effects: [],
});

export const completed = (result: Record<string, unknown>): Outcome => ({
  status: 'ACTIVITY_STATUS_COMPLETED',
  result,
  effects: [],
});
