import * as assert from 'node:assert/strict';
import { checkPolicy } from '../../../src/api/remote';
import { policyDiagnostics } from '../../../src/extension/policyFiles/policyDiagnostics';
import { NO_KNOWLEDGE } from '../../../src/extension/policyFiles/policyKnowledge';
import { parseErrorWords } from '../../../src/extension/wording/parseErrorWords';

/** The words for a condition the engine refuses, from the engine's own refusal. */
function wordsFor(condition: string): string | undefined {
  const [problem] = checkPolicy({ condition });
  assert.ok(problem, `${condition} is refused`);
  return parseErrorWords(condition, problem);
}

describe('extension (pure): a policy expression that does not parse, in words', () => {
  it('says which bracket is missing, what it would close, and where', () => {
    assert.equal(
      wordsFor("approvers.any(u, u.id == 'x'"),
      'Missing `)` to close `approvers.any(` at line 1, column 29.',
    );
    assert.equal(wordsFor("eth.tx.to in ['a',\n  'b'"), 'Missing `]` to close `[` at line 2, column 6.');
    // A bracket inside text is text, not an opener.
    assert.equal(wordsFor("(eth.tx.to == '(' "), 'Missing `)` to close `(` at line 1, column 19.');
  });

  it('says a closing bracket that closes nothing, a double quote, and text never closed', () => {
    assert.equal(wordsFor('a ) b'), '`)` at line 1, column 3 closes nothing that was opened.');
    assert.equal(wordsFor('x == "a"'), 'Text is written in single quotes: `"` at line 1, column 6.');
    assert.equal(wordsFor("eth.tx.to == 'abc"), "The text opened at line 1, column 14 is never closed with `'`.");
  });

  it("puts the words first in a policy file's diagnostic, the service's refusal kept after them", () => {
    const text = JSON.stringify({ policyName: 'p', effect: 'EFFECT_ALLOW', condition: "approvers.any(u, u.id == 'x'" });
    const [refused] = policyDiagnostics(text, NO_KNOWLEDGE);
    assert.equal(
      refused?.message,
      'Missing `)` to close `approvers.any(` at line 1, column 29. (The service says: invalid policy condition: ' +
        'Expression cannot be evaluated: parse error: Unrecognized EOF found at 28)',
    );
  });
});
