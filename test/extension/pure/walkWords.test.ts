/**
 * Words from a walk through the extension as a newcomer: a review tab's title tells two pages of the same kind
 * apart, and Simulate a Teammate's Request says plainly what it did with your key. Pure: no `vscode` here.
 */
import * as assert from 'node:assert/strict';
import { reviewTabTitle, shortActivityId } from '../../../src/extension/review/reviewTitle';
import { simulationDone, simulationOffer } from '../../../src/extension/wording/simulationWords';

describe('words a newcomer reads', () => {
  it('two review tabs of the same kind get distinct titles', () => {
    const first = reviewTabTitle('Sign transaction', '3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b');
    const second = reviewTabTitle('Sign transaction', '9b8c7d6e-1a2b-4c3d-8e9f-0a1b2c3d4e5f');
    assert.equal(first, 'Review: Sign transaction · 3f2a9c1e');
    assert.notEqual(first, second);
    assert.equal(shortActivityId('act-1'), 'act-1', 'an id that is no UUID shows whole when short');
    assert.equal(shortActivityId('x'.repeat(40)), 'xxxxxxxx');
  });

  it('Simulate says the sample interface is registered with your key before it does, and after', () => {
    const offer = simulationOffer({ teammate: 'Team root user 2', you: 'Team root user 1' });
    assert.match(offer, /registered first with your key \(Team root user 1 submits it, Team root user 2 approves it\)/);
    const registered = simulationDone({ teammate: 'Team root user 2', you: 'Team root user 1', registered: true });
    assert.match(
      registered,
      /in your name: Team root user 1 submitted it with your key and Team root user 2 approved it/,
    );
    assert.match(registered, /You cast no vote\./);
    const plain = simulationDone({ teammate: 'Team root user 2', you: 'Team root user 1', registered: false });
    assert.doesNotMatch(plain, /your key|in your name/, 'nothing is claimed when nothing was registered');
  });
});
