/**
 * The public surface of the client, part one: what costs nothing to load. Errors, the stamp headers, the
 * service's fixed values, and the types of everything (the client's included). The extension loads this part
 * when it activates.
 *
 * What talks to a service (the client, its HTTP transport on undici and the response schemas) and what does
 * elliptic-curve or keccak work (keys, stamps, App Proofs, checksummed addresses: @noble builds its tables
 * when it loads) is the second entry, `./remote`, which the extension loads on first use.
 * Nothing here may import it, or @noble, at run time (test/architecture.test.ts walks the imports). Other rooms import src/api through these two
 * entries only; each name is listed by hand, so a module's new export is not public until it is chosen here.
 */

// Errors (every failure is one of these classes) and where a service may be: the small entry's names, all of them.
export * from './core';
export type { TransportErrorKind } from './errors';
export { silentLogger, type LogFields, type Logger } from './logger';
export { CLIENT_VERSION_HEADER_VALUE, COUNTERSIGN_VERSION } from './version';

// API keys and stamps: making them (the client, the extension) and checking them (the sandbox).
export {
  API_KEY_SIGNATURE_SCHEME,
  API_KEY_STAMP_HEADER,
  WEBAUTHN_STAMP_HEADER,
  type Stamp,
  type Stamper,
} from './stamping/stamper';
// The passkey stamper (it hashes with node:crypto) is in `./remote`, beside the API key one; here are its types.
export type {
  GetWebauthnAssertion,
  UserVerificationRequirement,
  WebauthnAssertion,
  WebauthnAssertionRequest,
  WebauthnStamperConfig,
} from './stamping/webauthnStamper';
// Keys, stamps and App Proofs are checked and made with @noble/curves, which builds its P-256 tables when it
// loads: the functions are in `./remote`; here are their types only.
export type { ApiKeyPair } from './stamping/apiKeys';
export type { ApiKeyStamperConfig } from './stamping/apiKeyStamper';
export type { DecodedStamp, StampVerification } from './stamping/verifyStamp';
export type {
  DecodedWebauthnStamp,
  WebauthnStampVerification,
  WebauthnVerifyOptions,
} from './stamping/verifyWebauthnStamp';
export type { AppProofCheck } from './appProofs';

// Addresses are checked with keccak (@noble/hashes), and ABI files with zod: both are in `./remote`.
export type { CheckedAddress } from './abi/address';
export type { AbiContract, AbiFileFormat, ReadAbi } from './abi/readAbi';
export type { AbiEntry, AbiParameter, AbiValidation } from './abi/validateAbi';
export type { JsonSyntaxProblem } from './abi/jsonPositions';
export type { AbiIssue } from './abi/validateAbi';
// Argument names that cannot tell values apart: dependency-free, for the review page and the approval dialog.
export { abiArgumentNameProblems, type ArgumentNameProblem } from './abi/argumentNames';
export type { AbiDocumentAnalysis, AbiDocumentContract, AbiDocumentProblem, AbiProblemKind } from './abi/abiDocument';

// The service's fixed values.
export {
  activityStatuses,
  ActivityType,
  APP_PROOF_SIGNATURE_SCHEME,
  BAD_REQUEST_DETAIL_TYPE,
  DECISION_STATUSES,
  FeatureName,
  GrpcCode,
  httpStatusOfGrpcCode,
  MAX_AUTHENTICATORS_PER_USER,
  SMART_CONTRACT_INTERFACE_MAX_BYTES,
  TERMINAL_STATUSES,
  TURNKEY_ERROR_DETAIL_TYPE,
  VOTABLE_STATUSES,
  timestampFromMs,
  timestampToMs,
  turnkeyErrorCodeOf,
  type KnownActivityStatus,
} from './wireValues';

// Types only (erased at run time): naming a response or the client does not load the remote part.
export type { Activity, AppProof, DeleteSubOrganizationParameters, Vote } from './schemas/activity';
export type { ApiKey } from './schemas/apiKey';
export type {
  Attestation,
  Authenticator,
  AuthenticatorParams,
  AuthenticatorTransport,
  CreateAuthenticatorsParameters,
  DeleteAuthenticatorsParameters,
} from './schemas/authenticator';
export type { LenientTimestamp, Timestamp } from './schemas/common';
export type { OrganizationData, Quorum, Whoami } from './schemas/organization';
export type {
  Feature,
  RemoveOrganizationFeatureParameters,
  SetOrganizationFeatureParameters,
} from './schemas/organizationFeature';
export type {
  CreatePoliciesParameters,
  CreatePolicyParameters,
  DeletePoliciesParameters,
  DeletePolicyParameters,
  Policy,
  PolicyEvaluationRecord,
  UpdatePolicyParameters,
} from './schemas/policy';
export type { CreatePrivateKeysParameters, PrivateKey, PrivateKeyParams } from './schemas/privateKey';
export type { CreatePrivateKeyTagParameters, Tag, UpdatePrivateKeyTagParameters } from './schemas/privateKeyTag';
export type {
  ApiKeyParams,
  CreateUsersParameters,
  CreateUserTagParameters,
  DeleteUserTagsParameters,
  UpdateRootQuorumParameters,
  UpdateUserTagParameters,
  User,
  UserParams,
} from './schemas/user';
export type { RpcStatus } from './schemas/rpcStatus';
export type {
  SignRawPayloadParameters,
  SignRawPayloadResult,
  SignTransactionParameters,
  SignTransactionResult,
} from './schemas/signing';
export type {
  CreateSmartContractInterfaceParameters,
  DeleteSmartContractInterfaceParameters,
  SmartContractInterface,
} from './schemas/smartContractInterface';
export type { CreateSubOrganizationParameters, GetSubOrgIdsRequest, RootUserParams } from './schemas/subOrganization';
export type {
  CreateApiKeysParameters,
  DeleteApiKeysParameters,
  DeleteUsersParameters,
  UpdateUserParameters,
} from './schemas/people';
export type {
  ExportPrivateKeyParameters,
  ImportPrivateKeyParameters,
  InitImportPrivateKeyParameters,
} from './schemas/keyTransfer';
export type {
  OperationName,
  QueryOperation,
  QueryOperationName,
  SubmitOperation,
  SubmitOperationName,
} from './operations';
export type { ClientConfig, ClientOptions, CountersignClient, RequestOptions, SubmitInput } from './client';
export type { WaitForActivityOptions } from './waitForActivity';
// Wallets: types only.
export type {
  CreateWalletAccountsParameters,
  CreateWalletParameters,
  DeleteWalletAccountsParameters,
  DeleteWalletsParameters,
  GetWalletAccountRequest,
  ListWalletAccountsRequest,
  SignRawPayloadsParameters,
  UpdateWalletParameters,
  Wallet,
  WalletAccount,
  WalletAccountParams,
  WalletAddressFormat,
} from './schemas/wallet';
