/**
 * The modal dialogs of the commands (approve, reject, delete), behind one object that Services holds, and the only
 * place that shows a modal: every dialog goes through `ModalAsk`'s rule (modalAsk.ts), harmless buttons first.
 * Each dialog shown is announced, so that the extension-host tests can read what a user would read, and a test may
 * answer in the user's place.
 */
import * as vscode from 'vscode';
import { requestOf, type ModalAsk, type ModalRequest } from './modalAsk';
import { notificationText, visible } from './shownText';

export type { ModalAsk, ModalRequest } from './modalAsk';

/**
 * A confirmation by typing: the user types `expected` (an organization's id) in an input box. A test answering in
 * the user's place sees it as a request without buttons, and answers with the text it types.
 */
export interface TypedConfirmation {
  readonly title: string;
  readonly prompt: string;
  readonly expected: string;
  /** What the box says while the text typed is not `expected`. */
  readonly mismatch: string;
}

/** Chooses a button (its text) or undefined for Cancel; for a typed confirmation, the text typed. */
export type ModalAnswer = (request: ModalRequest) => string | undefined;

/**
 * A dialog draws plain text, but a teammate's text could still hide characters in it (a right-to-left override,
 * zero-width characters): they are made visible, line by line, so that the detail keeps its own line breaks. A
 * name with a line break of its own is made visible where the detail is built (`shown`).
 */
function visibleRequest(request: ModalRequest): ModalRequest {
  return {
    ...request,
    message: visible(request.message),
    detail: request.detail.split('\n').map(visible).join('\n'),
  };
}

export class ModalDialogs implements vscode.Disposable {
  private readonly shown = new vscode.EventEmitter<ModalRequest>();
  private answer: ModalAnswer | undefined;
  readonly onDidShow = this.shown.event;

  /** Answers the dialogs in the user's place until the returned disposable is disposed (for tests). */
  answerWith(answer: ModalAnswer): vscode.Disposable {
    this.answer = answer;
    return new vscode.Disposable(() => {
      if (this.answer === answer) this.answer = undefined;
    });
  }

  /** Shows a modal warning; resolves to the chosen button's text, or undefined for Cancel. */
  async show(ask: ModalAsk): Promise<string | undefined> {
    const request = visibleRequest(requestOf(ask));
    this.shown.fire(request);
    if (this.answer) return this.answer(request);
    return vscode.window.showWarningMessage(
      request.message,
      { modal: true, detail: request.detail },
      ...request.buttons,
    );
  }

  /** True only when the user typed exactly what was expected. */
  async typeToConfirm(confirmation: TypedConfirmation): Promise<boolean> {
    const request = visibleRequest({
      message: confirmation.title,
      detail: confirmation.prompt,
      buttons: [],
      harmless: [],
      irreversible: true,
    });
    this.shown.fire(request);
    const typed = this.answer
      ? this.answer(request)
      : await vscode.window.showInputBox({
          title: request.message,
          prompt: notificationText(request.detail),
          placeHolder: confirmation.expected,
          ignoreFocusOut: true,
          validateInput: (text) => (text.trim() === confirmation.expected ? undefined : confirmation.mismatch),
        });
    return typed?.trim() === confirmation.expected;
  }

  dispose(): void {
    this.shown.dispose();
  }
}
