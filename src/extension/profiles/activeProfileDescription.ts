/** The active profile's label as the description of both views, so that each says whose data it shows. */
import * as vscode from 'vscode';
import type { Views } from '../views/views';
import type { Services } from '../services';

export function registerActiveProfileDescription(services: Services, views: Views): vscode.Disposable {
  const update = () => {
    const label = services.profiles.active()?.label;
    views.activities.treeView.description = label;
    views.organization.treeView.description = label;
  };
  update();
  return services.profiles.onDidChange(update);
}
