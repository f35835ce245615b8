/**
 * What a review page says around its model: the words its script draws with, and the note it shows while its
 * activity cannot be read here (another profile is active, the profile is gone, the sandbox stopped, a read failed)
 * with the button that changes that.
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import { calmStateFor } from '../ui/advice';
import { errorText } from '../../api/core';
import type { ReviewAction, ReviewModel, ReviewPageView, ReviewPageWords } from './reviewMessages';

/** Why the activity cannot be read here, and the buttons that change it. */
export interface ReviewNotice {
  readonly text: string;
  readonly actions: readonly ReviewAction[];
}

export function pageWords(): ReviewPageWords {
  return {
    activity: vscode.l10n.t('Activity'),
    risks: vscode.l10n.t('Risks'),
    votes: vscode.l10n.t('Votes'),
    noVotes: vscode.l10n.t('No votes yet.'),
    argument: vscode.l10n.t('Argument'),
    type: vscode.l10n.t('Type'),
    value: vscode.l10n.t('Value'),
    noArguments: vscode.l10n.t('It takes no arguments.'),
    retry: vscode.l10n.t('Retry'),
  };
}

/**
 * The page under `notice`: the activity as last read (`model`), without its vote buttons; or, when it was never
 * read, the note and the buttons alone.
 */
export function blockedView(
  model: ReviewModel | undefined,
  activityId: string,
  { text, actions }: ReviewNotice,
): ReviewPageView {
  if (model) {
    const readOnly: ReviewModel = {
      ...model,
      actions,
      sections: model.sections.map((section) => ({ ...section, actions: [] })),
    };
    return { kind: 'review', model: readOnly, note: { tone: 'warning', text } };
  }
  return { kind: 'notice', heading: vscode.l10n.t('Review activity {0}', activityId), text, actions };
}

/** The page was opened with another profile than the active one (`profile`, undefined once it is removed). */
export function otherProfileNotice(profile: { readonly label: string } | undefined): ReviewNotice {
  if (!profile)
    return { text: vscode.l10n.t('The profile this activity was opened with no longer exists.'), actions: [] };
  return {
    text: vscode.l10n.t(
      'This activity was opened with the profile "{0}". Switch to that profile to vote on it; until then it shows as it was last read.',
      profile.label,
    ),
    actions: [{ id: 'switchProfile', label: vscode.l10n.t('Switch to {0}', profile.label), primary: true }],
  };
}

/** The activity could not be read: `error` says why, with Retry, or the command that changes a state no Retry does. */
export function failureNotice(services: Services, error: unknown): ReviewNotice {
  // A state no Retry changes (the local sandbox stopped) offers the command that changes it, as the views do.
  const calm = calmStateFor(services, error);
  if (calm?.action.command === CommandIds.startLocalSandbox) {
    return { text: calm.tooltip, actions: [{ id: 'startLocalSandbox', label: calm.action.title, primary: true }] };
  }
  const reason = services.redact(errorText(error));
  return {
    text: vscode.l10n.t('The activity could not be read: {0}', reason),
    actions: [{ id: 'retry', label: pageWords().retry, primary: false }],
  };
}
