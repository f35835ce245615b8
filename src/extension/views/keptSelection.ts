/**
 * Keeps an activity row selected when the Activities view moves it. VS Code drops the selection of a row that a
 * redraw puts under another parent (an activity entering "Awaiting your vote" once the inbox has looked, or leaving
 * it once a vote completed it), and a key pressed next (Ctrl+Enter, Ctrl+Alt+A) would then find no row selected.
 * A selection that empties while its row is still shown, elsewhere, is put back on that row; one cleared while its
 * row stayed where it was is the user's doing, and is left alone.
 */
import * as vscode from 'vscode';
import type { ActivitiesElement, ActivityElement } from './treeElements';

/** Where a row is drawn: the id of its parent row, or '' at the top of the view. */
type Place = string;

export interface RowPlaces {
  /** The activity's row as the view draws it now, or undefined when it no longer shows. */
  rowOf(activityId: string): Promise<ActivityElement | undefined>;
  /** The row's parent now. */
  parentOf(row: ActivityElement): ActivitiesElement | undefined;
}

export function keepSelectionWhenRowsMove(
  treeView: vscode.TreeView<ActivitiesElement>,
  rows: RowPlaces,
  onError: (error: unknown) => void,
): vscode.Disposable {
  const placeOf = (row: ActivityElement): Place => rows.parentOf(row)?.id ?? '';
  /** The one activity row selected last, and where it was then. */
  let selected: { readonly id: string; readonly place: Place } | undefined;
  const follow = async (selection: readonly ActivitiesElement[]): Promise<void> => {
    const lost = selected;
    const [only] = selection;
    selected = selection.length === 1 && only?.kind === 'activity' ? { id: only.id, place: placeOf(only) } : undefined;
    if (selection.length > 0 || !lost || !treeView.visible) return;
    const row = await rows.rowOf(lost.id);
    if (!row || placeOf(row) === lost.place || selected || treeView.selection.length > 0) return;
    await treeView.reveal(row, { select: true, focus: false, expand: false });
  };
  return treeView.onDidChangeSelection(({ selection }) => void follow(selection).catch(onError));
}
