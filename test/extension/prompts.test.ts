/**
 * The prompts the commands share (src/extension/ui/prompts.ts), run in VS Code's extension host: a multi-select
 * answered the moment it shows still returns the items it showed ticked.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pickMany } from '../../src/extension/ui/prompts';

describe('prompts', () => {
  it('a multi-select accepted the moment it shows returns the items it showed ticked', async () => {
    const items = [
      { label: 'first', picked: false },
      { label: 'second', picked: true },
      { label: 'third', picked: true },
    ];
    const picked = pickMany(items, { title: 'Ticked at once' });
    // Enter in the same turn as the pick: it reaches VS Code with the pick itself, not a moment later.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const accepted = vscode.commands.executeCommand('quickInput.accept');
    assert.deepEqual(
      (await picked)?.map((item) => item.label),
      ['second', 'third'],
    );
    await accepted;
  });
});
