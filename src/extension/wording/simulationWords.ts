/**
 * What Simulate a Teammate's Request says it did, in plain words: which requests wait for your vote, and, when the
 * sample token's interface had to be registered first, that it was registered with your key (you submitted it,
 * your teammate approved it), so that the "Create smart contract interface" under your name and the teammate's
 * "Approve activity" in the history are no surprise. Pure: the texts come through a translate function.
 */
import * as l10n from '@vscode/l10n';

export interface SimulationFacts {
  /** The teammate's user name (Team's second root user). */
  readonly teammate: string;
  /** Your user name (Team's first root user). */
  readonly you: string;
  /** Whether the sample token's interface was registered now. */
  readonly registered: boolean;
}

/** The pick's detail, before anything is sent. */
export function simulationOffer(facts: Pick<SimulationFacts, 'teammate' | 'you'>): string {
  return l10n.t(
    '{0} asks the Team organization to sign; you vote as {1}. If Team has no interface for the sample token yet, it is registered first with your key ({1} submits it, {0} approves it), so that the transfer can be read.',
    facts.teammate,
    facts.you,
  );
}

/** The notification once the requests wait for your vote. */
export function simulationDone(facts: SimulationFacts): string {
  const asked = l10n.t(
    '{0} asks you to approve 2 transactions of Team: a transfer of the sample token and a call to an unregistered contract.',
    facts.teammate,
  );
  if (!facts.registered) return asked;
  return `${asked} ${l10n.t(
    "The sample token's interface was registered in Team first, in your name: {1} submitted it with your key and {0} approved it, as the Activities view shows. You cast no vote.",
    facts.teammate,
    facts.you,
  )}`;
}
