/**
 * The bytes of a request and the shape of its answer: a request is validated and serialised once (these are the
 * bytes that are stamped and sent), and an answer is read through its operation's schema, naming the first field
 * that does not fit.
 */
import type * as z from 'zod';
import { InvalidInputError, ResponseShapeError } from './errors';
import { operations, type OperationName, type SubmitOperation } from './operations';
import { activityRequestEnvelopeSchema, type Activity } from './schemas/activity';

const SUBMIT_INPUT_KEYS = new Set(['type', 'timestampMs', 'organizationId', 'parameters', 'generateAppProofs']);

interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Validates the input and serialises it, once: these are the bytes that are stamped and sent. */
export function buildRequestBody(name: OperationName, input: object, now: () => number): string {
  const operation = operations[name];
  if (operation.kind === 'query') {
    const parsed = operation.request.safeParse(input);
    if (!parsed.success) throw invalidInput(name, parsed.error.issues, []);
    return JSON.stringify(parsed.data);
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!SUBMIT_INPUT_KEYS.has(key))
      throw invalidInput(name, [{ path: [key], message: 'is not a field of this request' }], []);
  }
  if (record['type'] !== undefined && record['type'] !== operation.activityType) {
    throw invalidInput(name, [{ path: ['type'], message: `must be ${operation.activityType} for this operation` }], []);
  }
  const envelope = activityRequestEnvelopeSchema.safeParse({
    type: operation.activityType,
    timestampMs: record['timestampMs'] ?? String(Math.floor(now())),
    organizationId: record['organizationId'],
    parameters: record['parameters'],
    ...(record['generateAppProofs'] !== undefined ? { generateAppProofs: record['generateAppProofs'] } : {}),
  });
  if (!envelope.success) throw invalidInput(name, envelope.error.issues, []);
  const parameters = operation.parameters.safeParse(record['parameters']);
  if (!parameters.success) throw invalidInput(name, parameters.error.issues, ['parameters']);
  const { type, timestampMs, organizationId, generateAppProofs } = envelope.data;
  return JSON.stringify(
    generateAppProofs === undefined
      ? { type, timestampMs, organizationId, parameters: parameters.data }
      : { type, timestampMs, organizationId, parameters: parameters.data, generateAppProofs },
  );
}

/** The dotted path of a zod issue: `activities.0.status`. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

function invalidInput(name: OperationName, issues: readonly IssueLike[], prefix: readonly string[]): InvalidInputError {
  const first = issues[0];
  const field = dottedPath([...prefix, ...(first?.path ?? [])]);
  return new InvalidInputError(
    `${name} request`,
    `The ${name} request is not valid: ${field || '(request)'} ${first?.message ?? 'is invalid'}. Nothing was sent.`,
    undefined,
    { field },
  );
}

/** zod's wording, except that a field that is not there "is missing" rather than "received undefined". */
function issueText(issue: { readonly message: string } | undefined): string {
  if (!issue) return 'invalid';
  return /received undefined$/.test(issue.message) ? 'is missing' : issue.message;
}

export function parseResponse<S extends z.ZodType>(name: OperationName, schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ResponseShapeError(name, dottedPath(first?.path ?? []), issueText(first));
  }
  return parsed.data;
}

/** A completed activity must carry the result its operation promises (e.g. smartContractInterfaceId). */
export function checkResult(name: OperationName, operation: SubmitOperation, activity: Activity): void {
  if (activity.status !== 'ACTIVITY_STATUS_COMPLETED' || !operation.result || !operation.resultKey) return;
  const value = activity.result[operation.resultKey];
  const field = `activity.result.${operation.resultKey}`;
  if (value === undefined) throw new ResponseShapeError(name, field, 'the completed activity has no result');
  const parsed = operation.result.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ResponseShapeError(name, dottedPath([field, ...(first?.path ?? [])]), issueText(first));
  }
}
