/**
 * The types of the policy language and the keyword tree each expression field may read, from the policy
 * language reference. `any` stands for values whose shape depends on data (ABI arguments, EIP-712 messages,
 * Spark packages): the checker lets them through and the evaluator checks them when it reads them.
 */
import { EXPOSED_PARAMS } from './activityTypes';

export type Ty =
  | { t: 'bool' }
  | { t: 'int' }
  | { t: 'string' }
  | { t: 'timestamp' }
  | { t: 'any' }
  | { t: 'list'; of: Ty }
  | { t: 'map'; of: Ty }
  | { t: 'struct'; name: string; fields: Readonly<Record<string, Ty>> }
  /** A keyword prefix such as `eth` or `time`: not a value on its own. */
  | { t: 'namespace'; name: string; fields: Readonly<Record<string, Ty>> };

export const BOOL: Ty = { t: 'bool' };
export const INT: Ty = { t: 'int' };
export const STRING: Ty = { t: 'string' };
export const TIMESTAMP: Ty = { t: 'timestamp' };
export const ANY: Ty = { t: 'any' };
export const listOf = (of: Ty): Ty => ({ t: 'list', of });
const mapOf = (of: Ty): Ty => ({ t: 'map', of });
const struct = (name: string, fields: Record<string, Ty>): Ty => ({ t: 'struct', name, fields });
const namespace = (name: string, fields: Record<string, Ty>): Ty => ({ t: 'namespace', name, fields });
const strings = (names: string): Record<string, Ty> =>
  Object.fromEntries(names.split(' ').map((name) => [name, STRING]));
const ints = (names: string): Record<string, Ty> => Object.fromEntries(names.split(' ').map((name) => [name, INT]));

export const USER = struct('User', { ...strings('id email alias'), tags: listOf(STRING) });
export const CREDENTIAL = struct('Credential', strings('id user_id type credential_id public_key'));

const PARAM_TYPES: Record<string, Ty> = {
  user_ids: listOf(STRING),
  api_key_ids: listOf(STRING),
  otp_length: INT,
  signatures: listOf(ANY),
  transfer: ANY,
  claim: ANY,
  lightning_receive: ANY,
};
/** The union of what every activity type exposes: which ones a given type shows is checked when it runs. */
const PARAMS = struct(
  'ActivityParams',
  Object.fromEntries(Object.keys(EXPOSED_PARAMS).map((name) => [name, PARAM_TYPES[name] ?? STRING])),
);

const ACTIVITY = struct('Activity', { ...strings('type kind resource action'), params: PARAMS });
const WALLET = struct('Wallet', { id: STRING, imported: BOOL, exported: BOOL, label: STRING });
const PRIVATE_KEY = struct('PrivateKey', {
  id: STRING,
  tags: listOf(STRING),
  imported: BOOL,
  exported: BOOL,
  label: STRING,
});
const WALLET_ACCOUNT = struct('WalletAccount', {
  address: STRING,
  path_indexes: listOf(INT),
  path_hardened: listOf(BOOL),
});

const ETH_TX = struct('EthereumTransaction', {
  ...strings('from to data type function_name function_signature'),
  ...ints('value gas gas_price chain_id nonce max_fee_per_gas max_priority_fee_per_gas max_fee_per_blob_gas'),
  contract_call_args: mapOf(ANY),
});
const EIP_712 = struct('Eip712TypedData', {
  primary_type: STRING,
  domain: struct('Eip712Domain', { ...strings('name version verifying_contract salt'), chain_id: INT }),
  message: mapOf(ANY),
});
const EIP_7702 = struct('Eip7702Authorization', { address: STRING, ...ints('chain_id nonce') });

const SOLANA_ACCOUNT = struct('Account', { account_key: STRING, signer: BOOL, writable: BOOL });
const LOOKUP_REFERENCE = struct('AddressTableLookupReference', {
  address_table_key: STRING,
  index: INT,
  writable: BOOL,
});
const INSTRUCTION = struct('Instruction', {
  program_key: STRING,
  accounts: listOf(SOLANA_ACCOUNT),
  instruction_data_hex: STRING,
  address_table_lookups: listOf(LOOKUP_REFERENCE),
  parsed_instruction_data: struct('SolanaParsedInstructionData', {
    ...strings('instruction_name discriminator'),
    named_accounts: mapOf(STRING),
    program_call_args: mapOf(ANY),
  }),
});
const SOLANA_TX = struct('SolanaTransaction', {
  ...Object.fromEntries(
    'static_account_keys account_keys top_level_program_keys program_keys'.split(' ').map((n) => [n, listOf(STRING)]),
  ),
  top_level_instructions: listOf(INSTRUCTION),
  instructions: listOf(INSTRUCTION),
  transfers: listOf(struct('Transfer', { ...strings('from to'), amount: INT })),
  spl_transfers: listOf(
    struct('SPLTransfer', { ...strings('from to owner token_mint'), amount: INT, signers: listOf(STRING) }),
  ),
  recent_blockhash: STRING,
  address_table_lookups: listOf(
    struct('AddressTableLookup', {
      address_table_key: STRING,
      writable_indexes: listOf(INT),
      readonly_indexes: listOf(INT),
    }),
  ),
  address_table_lookup_references: listOf(LOOKUP_REFERENCE),
});
const TRON_TX = struct('TronTransaction', {
  ...strings('ref_block_bytes ref_block_hash data'),
  ...ints('expiration timestamp fee_limit'),
  contract: listOf(mapOf(ANY)),
});
const BITCOIN_TX = struct('BitcoinTransaction', {
  version: STRING,
  inputs: listOf(struct('BitcoinTxInput', { tx_id: STRING, ...ints('vout sequence') })),
  outputs: listOf(struct('BitcoinTxOutput', { value: INT, ...strings('script_pubkey address address_type') })),
  locktime: struct('BitcoinTxLocktime', { amount: INT, type: STRING }),
  fee: INT,
});
const TEMPO_TX = struct('TempoTransaction', {
  ...ints('chain_id nonce gas_limit max_fee_per_gas max_priority_fee_per_gas valid_before valid_after'),
  ...strings('from fee_token'),
  calls: listOf(struct('TempoCall', strings('to input function_signature'))),
});

export type PolicyField = 'condition' | 'consensus' | 'time';

/** The keywords each field may read. */
export const KEYWORDS: Record<PolicyField, Readonly<Record<string, Ty>>> = {
  consensus: { approvers: listOf(USER), credentials: listOf(CREDENTIAL) },
  condition: {
    activity: ACTIVITY,
    eth: namespace('eth', { tx: ETH_TX, eip_712: EIP_712, eip_7702_authorization: EIP_7702 }),
    solana: namespace('solana', { tx: SOLANA_TX }),
    tron: namespace('tron', { tx: TRON_TX }),
    bitcoin: namespace('bitcoin', { tx: BITCOIN_TX }),
    tempo: namespace('tempo', { tx: TEMPO_TX }),
    wallet: WALLET,
    wallets: listOf(WALLET),
    private_key: PRIVATE_KEY,
    wallet_account: WALLET_ACCOUNT,
    secret: struct('Secret', { static_properties: mapOf(ANY) }),
  },
  time: { time: namespace('time', { now: TIMESTAMP }) },
};

export function typeName(ty: Ty): string {
  switch (ty.t) {
    case 'list':
      return `list<${typeName(ty.of)}>`;
    case 'map':
      return `map<string, ${typeName(ty.of)}>`;
    case 'struct':
    case 'namespace':
      return ty.name;
    case 'any':
    case 'bool':
    case 'int':
    case 'string':
    case 'timestamp':
      return ty.t;
  }
}
