/** The active profile in the status bar; a click switches profiles. */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import { safeMarkdown } from '../ui/markdown';
import { markdownText, pickText } from '../ui/shownText';
import type { CountersignState, Profile, Services } from '../services';

/** What a screen reader says for the item: plain words, no markdown or icon syntax. */
export function profileStatusAccessibilityLabel(
  profile: Pick<Profile, 'label' | 'organizationId' | 'baseUrl'>,
  state: CountersignState,
): string {
  // Each label one whole message, so that a translation can word and order it as its language needs.
  if (state === 'noKey') {
    return vscode.l10n.t(
      'Countersign profile {0}, organization {1} at {2}. It has no API key yet. Activate to switch profiles.',
      profile.label,
      profile.organizationId,
      profile.baseUrl,
    );
  }
  return vscode.l10n.t(
    'Countersign profile {0}, organization {1} at {2}. Activate to switch profiles.',
    profile.label,
    profile.organizationId,
    profile.baseUrl,
  );
}

export function registerProfileStatusBar(services: Services): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('countersign.profile', vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('Countersign Profile');
  item.command = CommandIds.switchProfile;

  const update = () => {
    const profile = services.profiles.active();
    const state = services.state();
    if (!profile) {
      item.text = vscode.l10n.t('$(shield) Countersign: no profile');
      item.tooltip = vscode.l10n.t('Add a profile, or start the local sandbox');
      item.accessibilityInformation = {
        label: vscode.l10n.t('Countersign: no profile. Add a profile, or start the local sandbox.'),
      };
      item.command = CommandIds.addProfile;
    } else {
      const icon = state === 'ready' ? '$(shield)' : '$(warning)';
      // A profile's label may be an organization's name from the service: shown as text, never as an icon.
      item.text = `${icon} ${pickText(profile.label)}`;
      const tooltip = safeMarkdown('');
      tooltip.appendMarkdown(`**${markdownText(profile.label)}**\n\n`);
      tooltip.appendText(vscode.l10n.t('Organization: {0}', profile.organizationId) + '\n\n');
      tooltip.appendText(vscode.l10n.t('Service: {0}', profile.baseUrl) + '\n\n');
      if (state === 'noKey') tooltip.appendText(vscode.l10n.t('No API key: import or generate one.') + '\n\n');
      tooltip.appendMarkdown(vscode.l10n.t('Click to switch profiles'));
      item.tooltip = tooltip;
      item.accessibilityInformation = { label: profileStatusAccessibilityLabel(profile, state) };
      item.command = CommandIds.switchProfile;
    }
    item.show();
  };

  // The icon follows once the new profile's key has been looked up: the organization store says so (`profile`). It
  // is followed once there is a profile (a window without one loads no store); until then nothing has a key.
  let following: vscode.Disposable | undefined;
  let disposed = false;
  const follow = () => {
    if (following || disposed || !services.profiles.active()) return;
    following = { dispose: () => undefined };
    void services.store().then((store) => {
      if (disposed) return;
      following = store.onDidChange((change) => {
        if (change.profile) update();
      });
    });
  };

  update();
  follow();
  const subscriptions = [
    // The label moves with the store, at the moment the session that signs does.
    services.profiles.onDidChange(() => {
      update();
      follow();
    }),
    {
      dispose: () => {
        disposed = true;
        following?.dispose();
      },
    },
  ];
  return vscode.Disposable.from(item, ...subscriptions);
}
