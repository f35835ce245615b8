/**
 * JSON parsing that says where and why it failed. `JSON.parse` words its errors differently from one Node version
 * to the next and does not always give a position; jsonc-parser (the parser VS Code itself uses) reports an
 * offset and an error code for every problem, which we turn into a line, a column and a reason in words. The ABI
 * readers and, later, the editor's ABI diagnostics share it.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { InvalidInputError } from '../errors';
import { MAX_JSON_DEPTH, tooDeepAt } from './abiBounds';

/** Where a JSON text stops being JSON: 1-based line and column, the 0-based offset, and why. */
export interface JsonSyntaxProblem {
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

/** A file that is not valid JSON; `problem` says where, so that an editor can open the file at that point. */
export class JsonSyntaxError extends InvalidInputError {
  readonly problem: JsonSyntaxProblem;
  readonly fileName: string | undefined;
  constructor(fileName: string | undefined, problem: JsonSyntaxProblem) {
    const message = `the file is not valid JSON (line ${problem.line}, column ${problem.column}): ${problem.reason}.`;
    super('ABI file', fileName ? `${fileName}: ${message}` : message, 'Fix the file at that position and try again.');
    this.problem = problem;
    this.fileName = fileName;
  }
}

const REASONS: Readonly<Record<string, string>> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon is expected after the property name',
  CommaExpected: 'a comma is missing',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'there is more text after the end of the JSON',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'an invalid escape sequence',
  InvalidCharacter: 'a character that must be escaped inside a string',
};

/** The 1-based line and column of an offset; a column counts UTF-16 units, as editors do. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}

/** The offset of the comma that ends the text before `offset`, when a } or ] stands at `offset`. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  const at = text[offset];
  if (at !== '}' && at !== ']') return undefined;
  const before = text.slice(0, offset).trimEnd();
  return before.endsWith(',') ? before.length - 1 : undefined;
}

function reasonFor(text: string, error: ParseError): string {
  const at = text[error.offset];
  const previous = text.slice(0, error.offset).trimEnd().at(-1);
  if (previous === ',' && (at === '}' || at === ']')) return `a trailing comma before ${at}`;
  if (error.offset >= text.trimEnd().length)
    return `the text ends too early: ${REASONS[printParseErrorCode(error.error)] ?? 'it is incomplete'}`;
  return REASONS[printParseErrorCode(error.error)] ?? printParseErrorCode(error.error);
}

/** The first syntax problem of a JSON text (comments and trailing commas are problems), or undefined. */
export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  // jsonc-parser reads nesting by recursion: a text deeper than the bound is reported before it is parsed.
  const deep = tooDeepAt(text);
  if (deep !== undefined)
    return {
      offset: deep,
      length: 1,
      ...lineAndColumn(text, deep),
      reason: `it nests deeper than ${MAX_JSON_DEPTH} levels, which no ABI or artifact does`,
    };
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  // A trailing comma is reported where it is, not at the bracket after it (where the parser noticed it).
  const comma = trailingCommaBefore(text, first.offset);
  const offset = comma ?? first.offset;
  return {
    offset,
    length: comma !== undefined ? 1 : first.length,
    ...lineAndColumn(text, offset),
    reason: reasonFor(text, first),
  };
}

/**
 * Parses strict JSON no deeper than the bound (abiBounds.ts), or throws a JsonSyntaxError that gives the line,
 * the column and the reason. JSON.parse first: it is several times faster, and only a failure needs a position.
 */
export function parseJsonStrict(text: string, fileName?: string): unknown {
  if (tooDeepAt(text) === undefined) {
    try {
      return JSON.parse(text);
    } catch {
      // Where and why: below.
    }
  }
  const problem = findJsonSyntaxProblem(text);
  // What JSON.parse refuses and jsonc-parser accepts (none known): still an error with a position.
  throw new JsonSyntaxError(
    fileName,
    problem ?? { offset: 0, length: 0, line: 1, column: 1, reason: 'the text is not JSON' },
  );
}
