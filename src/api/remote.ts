/**
 * The public surface of the client, part two: what talks to a service. The client and its waiting loop, the
 * HTTP transport (undici) with its retry and clock policies, the table of operations and the response
 * schemas. The extension loads this entry with `import()` on its first request, so activation never pays for
 * it; the sandbox and Node programs import it as they would any module. Part one is `./index`.
 */
export {
  CountersignClient,
  excerpt,
  type ClientConfig,
  type ClientOptions,
  type RequestOptions,
  type StampedRequest,
  type SubmitInput,
} from './client';
export { waitForActivity, type WaitForActivityOptions } from './waitForActivity';
export {
  decodeUnsignedTransaction,
  generateEthereumKeyPair,
  payloadDigest,
  signEthereumDigest,
  signEthereumTransaction,
  type EthereumKeyPair,
  type UnsignedTransaction,
} from './ethereum';
export {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  HttpTransport,
  type HttpRequest,
  type HttpResponse,
  type HttpTransportOptions,
} from './transport/httpTransport';
export {
  backoffDelayMs,
  clampAttempts,
  DEFAULT_RETRY_BASE_DELAY_MS,
  isRetryableStatus,
  MAX_ATTEMPTS,
  MAX_BACKOFF_MS,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
} from './transport/retryPolicy';
export {
  CLOCK_SKEW_TOLERANCE_MS,
  describeClockSkew,
  isTimestampComplaint,
  measureClockSkew,
} from './transport/clockSkew';
export { errorHintKey, errorHints, hintFor } from './errorHints';

// The operations and the schemas that check requests and responses.
export {
  operationByPath,
  operations,
  type OperationName,
  type Operations,
  type QueryOperation,
  type QueryOperationName,
  type SubmitOperation,
  type SubmitOperationName,
} from './operations';
export {
  activityRequestEnvelopeSchema,
  activityResponseSchema,
  activitySchema,
  appProofSchema,
  listActivitiesResponseSchema,
  voteSchema,
  type ActivityRequestEnvelope,
  type FingerprintParameters,
  type ListActivitiesRequest,
} from './schemas/activity';
export { apiKeySchema, credentialTypes, getApiKeyResponseSchema } from './schemas/apiKey';
export {
  attestationSchema,
  authenticatorSchema,
  authenticatorTransports,
  createAuthenticatorsParametersSchema,
  deleteAuthenticatorsParametersSchema,
} from './schemas/authenticator';
export { timestampSchema } from './schemas/common';
export { getOrganizationResponseSchema, quorumSchema, whoamiResponseSchema } from './schemas/organization';
export {
  featureNameSchema,
  featureSchema,
  organizationFeaturesResultSchema,
  removeOrganizationFeatureParametersSchema,
  setOrganizationFeatureParametersSchema,
} from './schemas/organizationFeature';
export {
  curves,
  getPrivateKeyResponseSchema,
  listPrivateKeysResponseSchema,
  privateKeySchema,
} from './schemas/privateKey';
export { listPrivateKeyTagsResponseSchema, tagSchema } from './schemas/privateKeyTag';
export { rpcStatusSchema } from './schemas/rpcStatus';
export {
  hashFunctions,
  payloadEncodings,
  signRawPayloadResultSchema,
  signTransactionResultSchema,
  transactionTypes,
} from './schemas/signing';
export {
  listSmartContractInterfacesResponseSchema,
  smartContractInterfaceSchema,
  smartContractInterfaceTypes,
} from './schemas/smartContractInterface';
// ABI files: read and checked with zod, like the responses, so they load with them and not at activation.
export { validateAbi, type AbiEntry, type AbiParameter, type AbiValidation } from './abi/validateAbi';
export { listAbiContracts, readAbiFile, type AbiContract, type AbiFileFormat, type ReadAbi } from './abi/readAbi';
export { findJsonSyntaxProblem, JsonSyntaxError, lineAndColumn, parseJsonStrict } from './abi/jsonPositions';
