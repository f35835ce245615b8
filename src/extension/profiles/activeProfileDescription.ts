/** The active profile's label as the description of both views, so that each says whose data it shows. */
import * as vscode from 'vscode';
import type { Views } from '../views/views';
import type { Services } from '../services';

export function registerActiveProfileDescription(services: Services, views: Views): vscode.Disposable {
  // A view has no description until it is given one: without a profile there is nothing to set.
  let shown: string | undefined;
  const update = () => {
    const label = services.profiles.active()?.label;
    if (label === shown) return;
    shown = label;
    views.activities.treeView.description = label;
    views.organization.treeView.description = label;
  };
  update();
  return services.profiles.onDidChange(update);
}
