/**
 * Registrations submitted here wait until the store learns their activity ended, or sees their label among their
 * own organization's interfaces; only a completed one is announced as completed.
 */
import * as assert from 'node:assert/strict';
import type { Activity, SmartContractInterface } from '../../../src/api';
import { PendingRegistrations } from '../../../src/extension/store/registrations';

const activity = (id: string, status: string) => ({ id, status }) as unknown as Activity;
const registration = (id: string, organizationId: string, label: string) => ({
  organizationId,
  activity: activity(id, 'ACTIVITY_STATUS_CONSENSUS_NEEDED'),
  label,
  canonicalJson: '[]',
  replaces: undefined,
});
const sci = (organizationId: string, label: string) => ({ organizationId, label }) as SmartContractInterface;

describe('pending registrations', () => {
  it('wait while their activity waits or is unknown, and settle by how it ended', () => {
    const book = new PendingRegistrations();
    book.note(registration('a', 'org', 'A'));
    book.note(registration('b', 'org', 'B'));
    book.note(registration('c', 'org', 'C'));
    const known = new Map([
      ['a', activity('a', 'ACTIVITY_STATUS_CONSENSUS_NEEDED')],
      ['b', activity('b', 'ACTIVITY_STATUS_COMPLETED')],
      ['c', activity('c', 'ACTIVITY_STATUS_REJECTED')],
    ]);
    const settled = book.settle((id) => known.get(id), undefined);
    assert.equal(settled.changed, true);
    assert.deepEqual(
      settled.completed.map((r) => r.label),
      ['B'],
      'a rejected one stops waiting without completing',
    );
    assert.deepEqual(
      book.of('org').map((r) => r.label),
      ['A'],
    );
    assert.equal(book.settle((id) => known.get(id), undefined).changed, false, 'nothing more to settle');
  });

  it("settle as completed when their label is listed among their own organization's interfaces only", () => {
    const book = new PendingRegistrations();
    book.note(registration('a', 'org', 'A'));
    book.note(registration('b', 'other', 'B'));
    const settled = book.settle(() => undefined, [sci('org', 'A'), sci('org', 'B')]);
    assert.deepEqual(
      settled.completed.map((r) => r.label),
      ['A'],
    );
    assert.deepEqual(
      book.of('other').map((r) => r.label),
      ['B'],
      "another organization's label B is not this one's",
    );
  });
});
