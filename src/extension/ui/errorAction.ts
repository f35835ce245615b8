/**
 * An error that comes with the one thing to do about it (open the file at the broken position, retry with an
 * option): the error wrapper shows the action as the message's first button. The error it wraps stays its cause.
 */
import * as vscode from 'vscode';
import { CountersignError, InvalidInputError, type JsonSyntaxProblem } from '../../api';

export interface ErrorAction {
  readonly title: string;
  readonly command: string;
  readonly args: readonly unknown[];
}

export class ActionableError extends CountersignError {
  readonly action: ErrorAction;
  constructor(error: CountersignError, action: ErrorAction) {
    super(error.message, error.code, error.hint, { cause: error });
    this.action = action;
  }
}

/** A JSON syntax error in a file the user can open: with "Open at Line L, Column C" as its action. */
export function withOpenAtProblem(error: unknown, uri: vscode.Uri | undefined): unknown {
  // A JsonSyntaxError (src/api's remote entry, not loaded at activation) is known by the position it carries.
  const problem =
    error instanceof InvalidInputError
      ? (error as InvalidInputError & { problem?: JsonSyntaxProblem }).problem
      : undefined;
  if (!problem || !uri || !(error instanceof CountersignError)) return error;
  const { line, column, length } = problem;
  const start = new vscode.Position(line - 1, column - 1);
  const selection = new vscode.Range(start, start.translate(0, length));
  return new ActionableError(error, {
    title: vscode.l10n.t('Open at Line {0}, Column {1}', line, column),
    command: 'vscode.open',
    args: [uri, { selection, preview: false } satisfies vscode.TextDocumentShowOptions],
  });
}
