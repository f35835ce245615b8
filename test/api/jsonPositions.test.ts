import * as assert from 'node:assert/strict';
import { findJsonSyntaxProblem, JsonSyntaxError, parseJsonStrict, readAbiFile } from '../../src/api/remote';
import { readFixture } from '../support/fixtures';

describe('JSON syntax errors with positions', () => {
  const cases: Array<{ text: string; line: number; column: number; reason: RegExp }> = [
    // A trailing comma is placed at the comma itself, where an editor underlines it.
    { text: '[\n  1,\n  2,\n]', line: 3, column: 4, reason: /^a trailing comma before \]$/ },
    { text: '{\n  "abi": [],\n}', line: 2, column: 12, reason: /^a trailing comma before \}$/ },
    { text: '[1,  \n\n  ]', line: 1, column: 3, reason: /^a trailing comma before \]$/ },
    { text: '[\n  {"type": "function"\n  "name": "x"}\n]', line: 3, column: 3, reason: /comma is missing/ },
    { text: '[{"type": "event"}', line: 1, column: 19, reason: /ends too early: a closing \] is missing/ },
    { text: '{"abi" []}', line: 1, column: 8, reason: /colon is expected/ },
    { text: '// compiled\n[]', line: 1, column: 1, reason: /comments are not allowed/ },
    { text: '["abc', line: 1, column: 2, reason: /string is not closed/ },
  ];
  for (const { text, line, column, reason } of cases) {
    it(`${JSON.stringify(text)}: line ${line}, column ${column}, ${reason.source}`, () => {
      const problem = findJsonSyntaxProblem(text);
      assert.ok(problem, 'a problem is found');
      assert.equal(problem.line, line);
      assert.equal(problem.column, column);
      assert.match(problem.reason, reason);
    });
  }

  it('finds no problem in valid JSON, and parses it as JSON.parse does', () => {
    const text = readFixture('abi', 'Counter.abi.json');
    assert.equal(findJsonSyntaxProblem(text), undefined);
    assert.deepEqual(parseJsonStrict(text), JSON.parse(text));
  });

  it('an ABI file with a trailing comma is refused with the file name, line, column, reason and offset', () => {
    const text = readFixture('abi', 'not-json.json');
    assert.throws(
      () => readAbiFile(text, 'not-json.json'),
      (error: unknown) => {
        assert.ok(error instanceof JsonSyntaxError);
        assert.equal(
          error.message,
          'not-json.json: the file is not valid JSON (line 3, column 38): a trailing comma before }.',
        );
        assert.equal(text[error.problem.offset], ',');
        assert.equal(error.problem.length, 1);
        assert.equal(error.fileName, 'not-json.json');
        return true;
      },
    );
  });
});
