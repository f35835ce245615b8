/**
 * A signature in words, the same wherever a decision is taken (the summary of activitySummaryWords.ts, the review
 * page): typed data as its primary type and its fields by name, amounts scaled, addresses named, deadlines as
 * dates; an EIP-7702 authorization as the delegation it is; a message as its text or its bytes; a bare hash as a
 * hash only; and each risk in one sentence and in a word or two. A teammate's text (field names, domain names,
 * strings of the message) is shown escaped and bidi-isolated. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { Activity } from '../../api';
import type {
  SignatureContext,
  SignatureFlag,
  SignatureReading,
  SignatureSummary,
  SignedPayload,
  summarizeSignature,
  TypedField,
} from '../../api/remote';
import { shown } from '../ui/shownText';
import { unwrapSingleKey } from './activityWords';
import { addressWords, amountDetail, amountWords } from './callArgumentWords';
import { chainWords } from './chainWords';

/** How many fields the one-line summary shows before "…", and how many characters of a message's text. */
const LINE_FIELDS = 4;
const LINE_TEXT = 120;
/** How many payloads of a sign_raw_payloads are read; the rest are counted. */
export const MAX_PAYLOADS_READ = 10;

export interface SignatureWords {
  readonly line: string;
  readonly details: readonly { readonly label: string; readonly value: string }[];
  readonly flags: readonly string[];
  readonly risks: readonly string[];
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An address with its name; a teammate's text where an address should be is shown as text, quoted. */
function addressOrText(text: string, name: string | undefined, short: boolean): string {
  return ADDRESS.test(text) ? addressWords(text, name, short) : `"${shown(text)}"`;
}

const named = (a: { address: string; name: string | undefined } | undefined, fallback: string, short = true) =>
  a ? addressOrText(a.address, a.name, short) : fallback;

function fieldValue(field: TypedField, short: boolean): string {
  if (field.amount) return short ? amountWords(field.amount) : amountDetail(field.amount);
  if (field.type === 'address') return addressOrText(field.text, field.addressName, short);
  const text = shown(field.text) + (field.truncated ? '…' : '');
  if (field.date === undefined) return text;
  return field.date === 'never' ? l10n.t('{0} (never)', text) : l10n.t('{0} ({1})', text, field.date);
}

/** The domain in a few words: its name and version, chain and contract. */
function domainWords(reading: Extract<SignatureReading, { kind: 'typedData' }>): string {
  const { domain } = reading;
  if (domain.empty) return l10n.t('an empty domain');
  const name = domain.name === undefined ? l10n.t('no name') : `"${shown(domain.name)}"`;
  const version = domain.version === undefined ? '' : ` v${shown(domain.version)}`;
  const contract = domain.verifyingContract ? `, ${named(domain.verifyingContract, '')}` : '';
  return `${name}${version}, ${chainWords(domain.chainId)}${contract}`;
}

function line(reading: SignatureReading): string {
  switch (reading.kind) {
    case 'typedData': {
      const shownFields = reading.fields.slice(0, LINE_FIELDS);
      const more = reading.fields.length + reading.omitted > shownFields.length ? ', …' : '';
      const args = shownFields.map((f) => `${shown(f.path)} ${fieldValue(f, true)}`).join(', ');
      const head = `${shown(reading.primaryType)}(${args}${more})`;
      const intent = reading.intent ? `${shown(reading.intent)}: ` : '';
      return (
        intent +
        (reading.standard
          ? l10n.t('Signs a {0} permit {1} for {2}', reading.standard, head, domainWords(reading))
          : l10n.t('Signs typed data {0} for {1}', head, domainWords(reading)))
      );
    }
    case 'authorization':
      return l10n.t(
        'Delegates account {0} to contract {1} on {2}',
        named(reading.account, l10n.t('the signing key')),
        named(reading.contract, ''),
        chainWords(reading.chainId),
      );
    case 'message':
      return reading.text !== undefined
        ? l10n.t(
            'Signs the message "{0}"',
            shown(reading.text.length > LINE_TEXT ? `${reading.text.slice(0, LINE_TEXT)}…` : reading.text),
          )
        : l10n.t('Signs {0} bytes of data', reading.bytes);
    case 'hashOnly':
      return l10n.t('Signs a hash only: what it signs cannot be read here or by any policy');
    case 'rawTransaction':
      return l10n.t('Signs a {0} transaction sent as a raw payload', reading.chain);
    case 'unreadable':
      return l10n.t('Signs a payload that cannot be read');
  }
}

function details(reading: SignatureReading): { label: string; value: string }[] {
  switch (reading.kind) {
    case 'typedData': {
      const rows = [
        {
          label: l10n.t('Typed data'),
          value: reading.standard
            ? l10n.t('{0} ({1} permit)', shown(reading.primaryType), reading.standard)
            : shown(reading.primaryType),
        },
        { label: l10n.t('Domain'), value: domainWords(reading) },
        // A sign_raw_payload names no chain: the domain's is the only one, said as such rather than flagged.
        {
          label: l10n.t('Chain'),
          value:
            reading.domain.chainId === undefined
              ? l10n.t('the domain names no chain, and the request itself names none')
              : l10n.t('signs for {0}; the request itself names no chain', chainWords(reading.domain.chainId)),
        },
        ...(reading.intent && reading.descriptor
          ? [
              {
                label: l10n.t('Intent'),
                value: l10n.t('{0} (ERC-7730 descriptor {1})', shown(reading.intent), shown(reading.descriptor)),
              },
            ]
          : []),
        ...reading.fields.map((f) => ({
          label: `  ${shown(f.path)}${f.label === undefined ? '' : ` (${shown(f.label)})`}`,
          value: fieldValue(f, false),
        })),
      ];
      if (reading.omitted > 0)
        rows.push({
          label: '  …',
          value:
            reading.omitted === 1
              ? l10n.t('1 more field is not shown')
              : l10n.t('{0} more fields are not shown', reading.omitted),
        });
      return rows;
    }
    case 'authorization':
      return [
        { label: l10n.t('Account'), value: named(reading.account, l10n.t('the signing key'), false) },
        { label: l10n.t('Delegated to'), value: named(reading.contract, '', false) },
        {
          label: l10n.t('Chain'),
          value: reading.chainId === '0' ? l10n.t('every chain (chain id 0)') : chainWords(reading.chainId),
        },
        { label: l10n.t('Nonce'), value: reading.nonce },
      ];
    case 'message':
      return [
        ...(reading.text !== undefined ? [{ label: l10n.t('Message'), value: shown(reading.text) }] : []),
        {
          label: l10n.t('Bytes'),
          value: reading.bytes > 64 ? l10n.t('{0}… ({1} bytes)', reading.hex, reading.bytes) : reading.hex,
        },
        ...(reading.digest !== undefined ? [{ label: l10n.t('Digest signed'), value: reading.digest }] : []),
      ];
    case 'hashOnly':
      return [{ label: l10n.t('Hash signed'), value: reading.hash }];
    case 'rawTransaction':
      return [{ label: l10n.t('Transaction'), value: l10n.t('{0}, {1} bytes', reading.chain, reading.bytes) }];
    case 'unreadable':
      return [{ label: l10n.t('Payload'), value: l10n.t('cannot be read: {0}', reading.problem) }];
  }
}

/** The risk in one sentence. */
export function signatureFlagWords(flag: SignatureFlag): string {
  switch (flag.kind) {
    case 'unlimitedPermit':
      return l10n.t(
        'Unlimited permit ({0}): {1} may spend every {2} the key holds, now and later, without any transaction from it.',
        flag.standard,
        named(flag.spender, l10n.t('the spender')),
        named(flag.token, l10n.t('token of this kind')),
      );
    case 'largePermit':
      return l10n.t(
        'Very large permit ({0}): {1} may spend {2}.',
        flag.standard,
        named(flag.spender, l10n.t('the spender')),
        amountWords(flag.amount),
      );
    case 'noExpiry':
      return l10n.t('No expiry: {0} is missing or never comes, so what it allows lasts for ever.', shown(flag.field));
    case 'farExpiry':
      return l10n.t('Far expiry: {0} is {1}, {2} days from now.', shown(flag.field), flag.date, flag.days);
    case 'pastExpiry':
      return l10n.t(
        'Already expired: {0} was {1}; a signature for a past date is not what a wallet asks for.',
        shown(flag.field),
        flag.date,
      );
    case 'spenderNotOurs':
      return flag.checked
        ? l10n.t("The spender {0} is not a contract of your organization's interfaces.", named(flag.spender, ''))
        : l10n.t(
            "The spender is {0}, but your organization's smart contract interfaces could not be read: whether it is one of yours is not checked.",
            named(flag.spender, ''),
          );
    case 'emptyDomain':
      return l10n.t(
        'Empty domain: the typed data names no application, chain or contract, so the signature is valid wherever its message is.',
      );
    case 'domainChain':
      return flag.contract
        ? l10n.t(
            'The domain is for {0}, but {1} is a contract on {2}.',
            chainWords(flag.domainChainId),
            named(flag.contract, ''),
            chainWords(flag.expected),
          )
        : l10n.t('The domain is for {0}, not {1}.', chainWords(flag.domainChainId), chainWords(flag.expected));
    case 'notTheToken':
      return l10n.t(
        'The domain says "{0}", but its contract {1} is not {0}.',
        shown(flag.name),
        flag.verifyingContract === undefined
          ? l10n.t('(none)')
          : addressOrText(flag.verifyingContract, undefined, false),
      );
    case 'delegation':
      return l10n.t(
        'EIP-7702 delegation: the account hands itself to the code of {0} on {1}, which can then move everything the account holds.',
        named(flag.contract, ''),
        chainWords(flag.chainId),
      );
    case 'rawTransaction':
      return l10n.t('A {0} transaction sent as a raw payload: policies on transactions do not apply.', flag.chain);
    case 'hashOnly':
      return l10n.t('A hash only: what it signs cannot be read here or by any policy.');
    case 'unreadablePayload':
      return l10n.t('The payload cannot be read ({0}): do not approve what you cannot read.', flag.problem);
  }
}

/** The risk in a word or two. */
export function signatureFlagLabel(flag: SignatureFlag): string {
  switch (flag.kind) {
    case 'unlimitedPermit':
      return l10n.t('Unlimited permit');
    case 'largePermit':
      return l10n.t('Very large permit');
    case 'noExpiry':
      return l10n.t('No expiry');
    case 'farExpiry':
      return l10n.t('Far expiry');
    case 'pastExpiry':
      return l10n.t('Expired');
    case 'spenderNotOurs':
      return flag.checked ? l10n.t('Spender not yours') : l10n.t('Spender not checked');
    case 'emptyDomain':
      return l10n.t('Empty domain');
    case 'domainChain':
      return l10n.t('Other chain');
    case 'notTheToken':
      return l10n.t('Domain contract mismatch');
    case 'delegation':
      return l10n.t('EIP-7702 delegation');
    case 'rawTransaction':
      return l10n.t('Transaction as raw payload');
    case 'hashOnly':
      return l10n.t('Hash only');
    case 'unreadablePayload':
      return l10n.t('Unreadable payload');
  }
}

/** The summary's words: one line, the details, each risk in a sentence and in a word or two. */
export function signatureWords(summary: SignatureSummary): SignatureWords {
  return {
    line: line(summary.reading),
    details: details(summary.reading),
    flags: summary.flags.map((f) => signatureFlagWords(f)),
    risks: [...new Set(summary.flags.map((f) => signatureFlagLabel(f)))],
  };
}

/** The payloads a sign_raw_payload(s) activity signs, as the summary reads them; none for another activity. */
export function signedPayloads(activity: Pick<Activity, 'type' | 'intent'>): SignedPayload[] {
  if (!activity.type.startsWith('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD')) return [];
  const inner = unwrapSingleKey(activity.intent) as Record<string, unknown>;
  const text = (key: string) => (typeof inner[key] === 'string' ? inner[key] : '');
  const common = {
    encoding: text('encoding'),
    hashFunction: text('hashFunction'),
    signWith: text('signWith') || undefined,
  };
  const payloads = Array.isArray(inner['payloads']) ? (inner['payloads'] as unknown[]) : [inner['payload']];
  return payloads.flatMap((payload) => (typeof payload === 'string' ? [{ ...common, payload }] : []));
}

/**
 * The words of a signing of `payloads`: the first MAX_PAYLOADS_READ read (each one's details under its number when
 * there are several), their risks together, the rest counted.
 */
export function payloadsWords(
  payloads: readonly SignedPayload[],
  summarize: typeof summarizeSignature,
  context: SignatureContext,
  now: number,
): SignatureWords & { readonly signatures: readonly SignatureSummary[] } {
  const signatures = payloads.slice(0, MAX_PAYLOADS_READ).map((p) => summarize(p, context, now));
  const words = signatures.map((s) => signatureWords(s));
  const first = words[0];
  const several = payloads.length > 1;
  const rest = payloads.length - signatures.length;
  return {
    line: several ? l10n.t('{0} payloads: {1}', payloads.length, first?.line ?? '') : (first?.line ?? ''),
    details: [
      ...words.flatMap((w, i) =>
        several ? [{ label: l10n.t('Payload {0}', i + 1), value: w.line }, ...w.details] : w.details,
      ),
      ...(rest > 0 ? [{ label: '…', value: l10n.t('{0} more payloads are not read here', rest) }] : []),
    ],
    flags: words.flatMap((w) => w.flags),
    risks: [...new Set(words.flatMap((w) => w.risks))],
    signatures,
  };
}
