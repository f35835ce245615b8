/**
 * What the review page and the extension say to each other, typed once for both sides. The page's HTML is set
 * once; the page then says `ready`, and the extension answers with what to show (`view`), again on every change.
 * The page answers with the id of a button pressed. What the page sends is checked with `pageMessageSchema` before
 * the extension acts on it; the page imports this module for its types only, so none of it is in the page's
 * bundle. Everything here is plain data that survives `postMessage`. Pure (no `vscode`, no DOM).
 */
import * as z from 'zod';

export interface ReviewRow {
  readonly label: string;
  readonly value: string;
  /** Shown in a monospace font (addresses, hex, ids). */
  readonly code?: boolean;
  /** The whole of what `value` shortens (an address), shown on hover. */
  readonly title?: string;
  /** A moment (ms since the epoch): the page shows how long ago it was before `value`, and keeps that current. */
  readonly timeMs?: number;
}

export interface ReviewNote {
  readonly tone: 'info' | 'warning' | 'error';
  readonly text: string;
}

/**
 * What a button of the page does. The extension maps each to a command; a new way to vote is one more id here
 * and one more entry in the page's action table.
 */
export const REVIEW_ACTION_IDS = [
  'approve',
  'reject',
  'approveWithPasskey',
  'rejectWithPasskey',
  'registerInterface',
  'openAbi',
  'openJson',
  'retry',
  'startLocalSandbox',
  'switchProfile',
] as const;
export type ReviewActionId = (typeof REVIEW_ACTION_IDS)[number];

export interface ReviewAction {
  readonly id: ReviewActionId;
  readonly label: string;
  readonly primary: boolean;
}

/** One argument of a decoded call; a tuple or an array has its parts, each in a row of its own. */
export interface ReviewArgument {
  readonly name: string;
  readonly type: string;
  readonly text?: string;
  readonly parts?: readonly ReviewArgument[];
}

export interface ReviewCall {
  /** `transfer(to, amount)`. */
  readonly title: string;
  readonly signature: string;
  readonly arguments: readonly ReviewArgument[];
}

export interface ReviewSection {
  readonly id: 'intent' | 'transaction' | 'call' | 'payload';
  readonly heading: string;
  readonly rows: readonly ReviewRow[];
  readonly notes: readonly ReviewNote[];
  readonly call?: ReviewCall;
  readonly actions: readonly ReviewAction[];
}

export interface ReviewVote {
  readonly who: string;
  readonly selection: string;
  readonly approved: boolean;
}

/** A part of a policy's expression that decided: a clause that holds (`met`) or does not yet (`unmet`). */
export interface ReviewMark {
  readonly offset: number;
  readonly length: number;
  readonly tone: 'met' | 'unmet';
}

/** The name of an id the expression holds: drawn after the literal (quotes included) at `offset`, `length`. */
export interface ReviewIdName {
  readonly offset: number;
  readonly length: number;
  /** The user's, tag's or key's name: a teammate's text. */
  readonly name: string;
  /** What it names, in words: "finance (user tag)". */
  readonly title: string;
}

/** A policy's condition or consensus as written, with the parts that decided marked and its ids named. */
export interface ReviewExpression {
  readonly label: string;
  readonly text: string;
  readonly marks: readonly ReviewMark[];
  readonly names: readonly ReviewIdName[];
}

/** One clause of a condition or consensus in a sentence, and whether it holds, in a word ("applies", "not yet"). */
export interface ReviewClause {
  readonly text: string;
  readonly tone: 'met' | 'unmet' | 'unknown';
  readonly state: string;
}

/** The clauses of one of a policy's expressions in words, under its label ("Condition", "Consensus"). */
export interface ReviewClauses {
  readonly label: string;
  readonly clauses: readonly ReviewClause[];
}

/** One policy's outcome for the activity, in words, with its expressions; its id opens it. */
export interface ReviewPolicy {
  readonly policyId: string;
  readonly outcome: string;
  readonly tone: 'waiting' | 'allowed' | 'denied' | 'idle';
  /** Its condition and consensus, a sentence per clause. */
  readonly clauses: readonly ReviewClauses[];
  /** The expressions as written, shown on request. */
  readonly expressions: readonly ReviewExpression[];
}

/** "Why it waits" (or was denied, completed or rejected): each policy's outcome, and the root quorum. */
export interface ReviewWhy {
  readonly heading: string;
  /** The policies that decided first, then the others. */
  readonly policies: readonly ReviewPolicy[];
  /** Lines before the policies (who rejected it) and beside them (the root quorum). */
  readonly lead: readonly string[];
  readonly lines: readonly string[];
  readonly notes: readonly ReviewNote[];
  /** The label of each policy's button. */
  readonly openPolicy: string;
  /** What the marks' colours mean, and the label that shows the expressions as written. */
  readonly legend: { readonly met: string; readonly unmet: string };
  readonly showExpression: string;
}

export interface ReviewModel {
  readonly activityId: string;
  readonly organizationId: string;
  readonly title: string;
  readonly statusLabel: string;
  /** Consensus needed and this user may still vote. */
  readonly awaitingVote: boolean;
  readonly summary: readonly ReviewRow[];
  /** What the approver must weigh before anything else (an unlimited approval, a call with no interface…). */
  readonly risks: readonly string[];
  readonly votes: readonly ReviewVote[];
  readonly progress: string;
  readonly sections: readonly ReviewSection[];
  /** The vote buttons, in order; empty once the activity no longer waits for this user. */
  readonly actions: readonly ReviewAction[];
  /** The contract address "Register interface from ABI file…" registers, when the page offers it. */
  readonly registerAddress: string | undefined;
  /** The ABI "Open ABI" shows: the registered interface a call was decoded with, or the one the intent registers. */
  readonly openAbi?:
    | { readonly kind: 'registered'; readonly interfaceId: string; readonly label: string }
    | { readonly kind: 'intent'; readonly label: string };
  /** Why it waits, was denied or completed, where policies decide; absent when nothing says. */
  readonly why?: ReviewWhy | undefined;
}

/** The page's own words, translated by the extension (the page has no translations of its own). */
export interface ReviewPageWords {
  readonly activity: string;
  readonly risks: string;
  readonly votes: string;
  readonly noVotes: string;
  readonly argument: string;
  readonly type: string;
  readonly value: string;
  readonly noArguments: string;
  readonly retry: string;
}

/**
 * What the page shows: the activity (with a note above it while it is shown read-only, under another profile), or
 * a sentence and the buttons that change it (while it cannot be read: Retry, Start Local Sandbox, Switch to …).
 */
export type ReviewPageView =
  | { readonly kind: 'review'; readonly model: ReviewModel; readonly note?: ReviewNote }
  | {
      readonly kind: 'notice';
      readonly heading: string;
      readonly text: string;
      readonly actions: readonly ReviewAction[];
    };

/** From the extension to the page. */
export interface ReviewViewMessage {
  readonly type: 'view';
  readonly view: ReviewPageView;
  readonly words: ReviewPageWords;
  /** VS Code's display language (`vscode.env.language`): how the page words "5 minutes ago". */
  readonly locale: string;
}

/** From the page to the extension: checked before anything is done with it. */
export const pageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('action'), action: z.enum(REVIEW_ACTION_IDS) }),
  // A policy's button: the extension opens it only when the page shows that policy.
  z.object({ type: z.literal('openPolicy'), policyId: z.string().min(1).max(200) }),
]);
export type PageMessage = z.infer<typeof pageMessageSchema>;

/** The ids the page keeps with setState, so that it is reopened after a reload: never a secret. */
export interface ReviewPageState {
  readonly activityId: string;
  readonly organizationId: string;
  readonly profileId: string;
}
