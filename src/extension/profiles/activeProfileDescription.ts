/** The active profile's label as the description of both views, so that each says whose data it shows. */
import * as vscode from 'vscode';
import type { Views } from '../views/views';
import type { Services } from '../services';
import { shown } from '../ui/shownText';

export function registerActiveProfileDescription(services: Services, views: Views): vscode.Disposable {
  // A view has no description until it is given one: without a profile there is nothing to set.
  let current: string | undefined;
  const update = () => {
    const label = services.profiles.active()?.label;
    if (label === current) return;
    current = label;
    // A label may hold an organization's name from the service: its hidden characters are shown.
    views.activities.treeView.description = label === undefined ? undefined : shown(label);
    views.organization.treeView.description = label === undefined ? undefined : shown(label);
  };
  update();
  return services.profiles.onDidChange(update);
}
