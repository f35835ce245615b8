/**
 * Where each waiting activity stands, in words, kept per activity while nothing it rests on changes: its status and
 * votes (what its evaluations are read again for), the votes still counted, and the organization's policies, users,
 * tags, keys and root quorum. A look over a thousand waiting activities reads (get_policy_evaluations) and works
 * out only those whose votes changed, or all of them once after the policies changed.
 *
 * Working a standing out runs the policies' consensus expressions, which a teammate writes: it is never done in
 * the turn that handled a response, but a few activities per turn of the event loop (`setImmediate`), so that the
 * extension host answers in between. Pure (no `vscode`): tested and benched in plain Node.
 */
import type { Activity, Vote } from '../../api';
import { standingWords, type StandingWords } from '../wording/standingText';
import { evaluationKey, type Governance } from './governance';
import { standingInputs, standingOf, type StandingInputs, type StandingSources } from './standingReads';
import type { OrganizationSnapshot } from './storeTypes';

/** At most this many standings are worked out in one turn of the event loop. */
export const STANDINGS_PER_TURN = 8;
/** A turn also ends once it has run this long, even before its count (the next turn goes on). */
export const TURN_BUDGET_MS = 8;

/** One activity to stand: with the votes that count now (those of the approval window still open). */
export interface StandingAsk {
  readonly activity: Activity;
  readonly votes: readonly Vote[];
}

interface Kept {
  readonly key: string;
  /** Undefined when the words have nothing to say (no policy waits), or the read failed. */
  readonly words: StandingWords | undefined;
}

/** Gives the event loop a turn: timers, I/O and other extensions' work run before the promise resolves. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function standingKey(ask: StandingAsk): string {
  return `${evaluationKey(ask.activity)}#${ask.votes.map((vote) => `${vote.userId}:${vote.selection}`).join(',')}`;
}

/** What every standing rests on besides the activity itself, as text: the same text, the same standings. */
function basisKey(organization: OrganizationSnapshot, governance: Governance): string {
  const { data } = organization;
  return JSON.stringify([
    organization.organizationId,
    organization.userId,
    data.rootQuorum,
    data.privateKeys.map((key) => [key.privateKeyId, key.privateKeyName]),
    governance.policies.map((p) => [p.policyId, p.policyName, p.effect, p.condition, p.consensus]),
    governance.users.map((u) => [u.userId, u.userName, u.userTags]),
    governance.userTags.map((tag) => [tag.tagId, tag.tagName]),
    governance.privateKeyTags.map((tag) => [tag.tagId, tag.tagName]),
  ]);
}

export interface StandingBookOptions {
  /** How the book waits for the next turn of the event loop (tests count the turns). */
  readonly nextTurn?: () => Promise<void>;
  readonly perTurn?: number;
}

export class StandingBook {
  readonly #sources: StandingSources;
  readonly #nextTurn: () => Promise<void>;
  readonly #perTurn: number;
  readonly #kept = new Map<string, Kept>();
  #basis: { organization: OrganizationSnapshot; governance: Governance; key: string } | undefined;
  #generation = 0;

  constructor(sources: StandingSources, options: StandingBookOptions = {}) {
    this.#sources = sources;
    this.#nextTurn = options.nextTurn ?? nextTurn;
    this.#perTurn = Math.max(1, options.perTurn ?? STANDINGS_PER_TURN);
  }

  /**
   * The words of each activity a policy has something to say about. What is kept is answered at once; the others
   * are read together a turn's worth at a time, then worked out in their own turns. Activities not asked are
   * forgotten. An empty map when the organization has no policies or cannot be read.
   */
  async standings(asks: readonly StandingAsk[]): Promise<Map<string, StandingWords>> {
    const found = new Map<string, StandingWords>();
    if (asks.length === 0) return found;
    const generation = this.#generation;
    const [organization, governance] = await Promise.all([this.#sources.organization(), this.#sources.governance()]);
    if (!organization || !governance || governance.policies.length === 0) return found;
    if (generation !== this.#generation) return found;
    this.#settle(organization, governance);
    const asked = new Set(asks.map((ask) => ask.activity.id));
    for (const id of [...this.#kept.keys()]) if (!asked.has(id)) this.#kept.delete(id);
    const todo: { readonly ask: StandingAsk; readonly key: string }[] = [];
    for (const ask of asks) {
      const key = standingKey(ask);
      const kept = this.#kept.get(ask.activity.id);
      if (kept?.key !== key) todo.push({ ask, key });
      else if (kept.words) found.set(ask.activity.id, kept.words);
    }
    let next = 0;
    while (next < todo.length) {
      const slice = todo.slice(next, next + this.#perTurn);
      const inputs = await Promise.all(
        slice.map(({ ask }) =>
          standingInputs(this.#sources, { activity: ask.activity, votes: ask.votes }).catch(() => undefined),
        ),
      );
      // The responses are handled; the standings come in a turn of their own.
      await this.#nextTurn();
      if (generation !== this.#generation) return new Map();
      next += this.#work(slice, inputs, found);
    }
    return found;
  }

  /** Forgets every standing (another profile). */
  clear(): void {
    this.#generation++;
    this.#kept.clear();
    this.#basis = undefined;
  }

  /** Works out the slice's standings until the count or the turn's budget runs out; returns how many it did. */
  #work(
    slice: readonly { readonly ask: StandingAsk; readonly key: string }[],
    inputs: readonly (StandingInputs | undefined)[],
    found: Map<string, StandingWords>,
  ): number {
    const started = performance.now();
    let done = 0;
    for (const [index, { ask, key }] of slice.entries()) {
      if (done > 0 && performance.now() - started > TURN_BUDGET_MS) break;
      done++;
      const input = inputs[index];
      // A read that failed is asked again by the next look.
      if (!input) continue;
      const read = standingOf(input);
      const words = standingWords(read.standing, read.names);
      const said = words.summary === undefined ? undefined : words;
      this.#kept.set(ask.activity.id, { key, words: said });
      if (said) found.set(ask.activity.id, said);
    }
    return done;
  }

  /** A new organization or governance read: the standings stay when what they rest on reads the same. */
  #settle(organization: OrganizationSnapshot, governance: Governance): void {
    const basis = this.#basis;
    if (basis?.organization === organization && basis.governance === governance) return;
    const key = basisKey(organization, governance);
    if (basis?.key !== key) this.#kept.clear();
    this.#basis = { organization, governance, key };
  }
}
