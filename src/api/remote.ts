/**
 * The public surface of the client, part two: what is loaded on first use. The client and its waiting loop,
 * the HTTP transport (undici) with its retry and clock policies, the table of operations and the response
 * schemas; and keys, stamps, App Proofs and checksummed addresses, made and checked with @noble (which builds
 * its curve tables when it loads). The extension loads this entry on its first request or key,
 * so activation never pays for it; the sandbox and Node programs import it as they would any module. Part one
 * is `./index`.
 */
// API keys and stamps: making them (the client, the extension) and checking them (the sandbox).
export {
  derivePublicKey,
  generateApiKeyPair,
  parseApiKeyPair,
  parsePrivateKey,
  parsePublicKey,
  type ApiKeyPair,
} from './stamping/apiKeys';
export { ApiKeyStamper, type ApiKeyStamperConfig } from './stamping/apiKeyStamper';
export {
  DEFAULT_WEBAUTHN_TIMEOUT_MS,
  WebauthnStamper,
  webauthnChallenge,
  webauthnChallengeHex,
  type GetWebauthnAssertion,
  type UserVerificationRequirement,
  type WebauthnAssertion,
  type WebauthnAssertionRequest,
  type WebauthnStamperConfig,
} from './stamping/webauthnStamper';
export { decodeStamp, verifyApiKeyStamp, type DecodedStamp, type StampVerification } from './stamping/verifyStamp';
export {
  decodeWebauthnStamp,
  verifyWebauthnStamp,
  type DecodedWebauthnStamp,
  type WebauthnStampVerification,
  type WebauthnVerifyOptions,
} from './stamping/verifyWebauthnStamp';
export { checkAppProof, type AppProofCheck } from './appProofs';
export { checkEthereumAddress, toChecksumAddress, type CheckedAddress } from './abi/address';

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
  encodeFunctionCall,
  ethereumKeyPairOf,
  generateEthereumKeyPair,
  payloadDigest,
  serializeUnsignedTransaction,
  signEthereumDigest,
  signEthereumTransaction,
  type EthereumKeyPair,
  type UnsignedTransaction,
  type UnsignedTransactionFields,
} from './ethereum';
export type { CallDecoding, DecodedArgument, RegisteredInterface } from './abi/callDecoder';
export { decodeRawPayload, type DecodedRawPayload } from './rawPayloadDecoder';
export {
  decodeEthereumTransaction,
  type DecodedEthereumTransaction,
  type TransactionDecoding,
} from './transactionDecoder';
export {
  summarizeTransaction,
  type CallSummary,
  type DecimalsSource,
  type InnerCall,
  type MulticallCalls,
  type RiskFlag,
  type SummaryArgument,
  type SummaryCall,
  type SummaryContext,
  type TokenAmount,
} from './risk/callSummary';
export {
  descriptorFor,
  mayBeClearSigningDescriptor,
  parseClearSigningDescriptor,
  type ClearSigningDescriptor,
  type DescriptorReading,
} from './risk/clearSigning';
export { KNOWN_TOKENS, knownToken, type KnownToken } from './risk/knownTokens';
export {
  summarizeSignature,
  type NamedAddress,
  type PermitStandard,
  type SignatureContext,
  type SignatureFlag,
  type SignatureReading,
  type SignatureSummary,
  type SignedPayload,
  type TypedDomain,
  type TypedField,
} from './risk/signatureSummary';
export { WELL_KNOWN_SIGNATURES, decodeWellKnownCall, wellKnownStandard } from './risk/wellKnownCalls';
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
  MAX_POLICIES_PER_ORGANIZATION,
  policyEffects,
  policyEvaluationSchema,
  policyOutcomes,
  policySchema,
} from './schemas/policy';
export {
  curves,
  getPrivateKeyResponseSchema,
  listPrivateKeysResponseSchema,
  privateKeySchema,
} from './schemas/privateKey';
export { listPrivateKeyTagsResponseSchema, tagSchema } from './schemas/privateKeyTag';
export {
  MAX_EXPIRING_API_KEYS_PER_USER,
  MAX_LONG_LIVED_API_KEYS_PER_USER,
  MAX_USERS_PER_ORGANIZATION,
  userSchema,
} from './schemas/user';
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
export { analyzeAbiDocument } from './abi/abiDocument';
// Which files may hold an ABI (from the path alone), and ABIs in canonical form.
export { abiPathKind, type AbiPathKind } from './abi/abiPaths';
export {
  abiEntryDeclaration,
  abiEntrySignature,
  abiFunctionsAndEvents,
  canonicalAbi,
  canonicalAbiJson,
  canonicalAbiJsonOfText,
  labelVersion,
  nextVersionLabel,
  prettyCanonicalAbi,
  type AbiSummaryLine,
} from './abi/canonicalAbi';
export {
  abiContractsOfValue,
  listAbiContracts,
  readAbiFile,
  type AbiContract,
  type AbiFileFormat,
  type ReadAbi,
} from './abi/readAbi';
export { findJsonSyntaxProblem, JsonSyntaxError, lineAndColumn, parseJsonStrict } from './abi/jsonPositions';

// The policy engine (pure, but its tables are not needed at activation): what the service refuses at creation,
// and how policies decide an activity.
export {
  CHOICE_IDS,
  checkPolicy,
  consensusStanding,
  decide,
  namedByConsensus,
  type ApprovalCount,
  type ApproverFilter,
  type ChoiceId,
  type ConsensusClause,
  type ConsensusStanding,
} from './policy';
export type {
  EthTxValues,
  PolicyContext,
  PolicyCredential,
  PolicyDecision,
  PolicyDefinition,
  PolicyEffect,
  PolicyEvaluation,
  PolicyOutcome,
  PolicyProblem,
  PolicyUser,
} from './policy';
export { ROOT_QUORUM_ONLY_TYPES } from './policy/activityTypes';
export { ethTxValuesOf } from './policy/ethTx';
export { signatureFieldsOf, type SignatureFields } from './policy/signatureFields';
// What a policy reads about an activity, from the activity and the organization as the service serves them.
export {
  policyContextOf,
  type PolicyActivity,
  type PolicyOrganization,
  type PolicyOrganizationKey,
  type PolicyOrganizationUser,
  type PolicyVote,
} from './policy/policyContext';
// The values a list of policies reads, as a key under which a decision over them may be kept.
export { decisionKeyOf, policyReadsOf, type PolicyReads } from './policy/decisionKey';
// A policy expression's tree with positions, for the editor and for saying a policy in words.
export type { Expr as PolicyExpression } from './policy/syntax';
// The same language for an editor of policy files: its keyword tree, the tree of an expression, each clause's value.
export { KEYWORDS as POLICY_KEYWORDS, typeName as policyTypeName, type Ty as PolicyType } from './policy/schema';
export { parseExpression as parsePolicyExpression } from './policy/parser';
export { readExpression as readPolicyExpression } from './policy/readExpression';
export { printExpression as printPolicyExpression } from './policy/printer';
export { Evaluator as PolicyEvaluator } from './policy/evaluator';
export { EvaluationError as PolicyEvaluationError } from './policy/values';
export { ExpressionProblem as PolicyExpressionProblem, type Expr as PolicyExpr } from './policy/syntax';
export { EXPOSED_PARAMS, kindOf as activityKindOf, knownKinds as knownActivityKinds } from './policy/activityTypes';
export { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from './sampleToken';

// Wallets: HD derivation (BIP-39, BIP-32, SLIP-10), addresses per format, typed-data digests and ed25519 signing.
export {
  deriveKey,
  HARDENED,
  isValidMnemonic,
  newMnemonic,
  parsePath,
  seedOfMnemonic,
  type DerivedKey,
  type ParsedPath,
  type WalletCurve,
} from './wallets/derivation';
export { addressFormatsOf, addressOf, curvesOfAddressFormat } from './wallets/addressFormats';
export { eip712Digest, eip7702Digest } from './wallets/structuredPayloads';
export { signEd25519, verifyEd25519 } from './wallets/ed25519Signing';
export {
  activityWalletFields,
  walletFieldsOf,
  type NamedWallets,
  type WalletDirectory,
  type WalletFields,
} from './policy/walletFields';
export {
  listWalletAccountsResponseSchema,
  listWalletsResponseSchema,
  mnemonicLengths,
  walletAccountSchema,
  walletAddressFormats,
  walletSchema,
} from './schemas/wallet';
