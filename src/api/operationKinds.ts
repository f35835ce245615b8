/** The two kinds of operation, and how a table entry of each is made (operations.ts, walletOperations.ts). */
import type * as z from 'zod';
import { activityResponseSchema } from './schemas/activity';

export interface QueryOperation<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'query';
  readonly path: string;
  readonly request: Req;
  readonly response: Res;
}

export interface SubmitOperation<Params extends z.ZodType = z.ZodType> {
  readonly kind: 'submit';
  readonly path: string;
  readonly activityType: string;
  /** Key of the intent inside `activity.intent`. */
  readonly intentKey: string;
  /** Key of the result inside `activity.result`, when the operation has one. */
  readonly resultKey: string | undefined;
  readonly parameters: Params;
  readonly result: z.ZodType | undefined;
  readonly response: typeof activityResponseSchema;
}

export function query<Req extends z.ZodType, Res extends z.ZodType>(
  name: string,
  request: Req,
  response: Res,
): QueryOperation<Req, Res> {
  return { kind: 'query', path: `/public/v1/query/${name}`, request, response };
}

export function submit<Params extends z.ZodType>(
  name: string,
  activityType: string,
  stem: string,
  parameters: Params,
  result: z.ZodType | undefined,
  intentVersion = '',
  resultVersion = '',
): SubmitOperation<Params> {
  return {
    kind: 'submit',
    path: `/public/v1/submit/${name}`,
    activityType,
    intentKey: `${stem}Intent${intentVersion}`,
    resultKey: result ? `${stem}Result${resultVersion}` : undefined,
    parameters,
    result,
    response: activityResponseSchema,
  };
}
