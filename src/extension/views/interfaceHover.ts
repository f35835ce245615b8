/**
 * The hover of an interface row: what the Organization view shows, then the ABI's functions and events, each under
 * its own heading. The sections are apart in markdown too: a heading line right after a list item would continue
 * that item, and the events would read as part of the last function.
 */
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { SmartContractInterface } from '../../api';
import { abiFunctionsAndEvents } from '../../api/remote';
import { smartContractInterfaceTooltipLines } from './organizationItems';
import { code, markdown, plain } from './treeItems';

/** How many signatures of each kind the hover lists before "and N more". */
export const HOVER_SIGNATURES = 8;

export function smartContractInterfaceTooltip(sci: SmartContractInterface): vscode.MarkdownString {
  const lines = abiFunctionsAndEvents(sci.smartContractInterface);
  const section = (type: string, title: string): string[] => {
    const of = lines.filter((line) => line.type === type);
    if (of.length === 0) return [];
    const shown = of.slice(0, HOVER_SIGNATURES).map((line) => `- ${code(line.declaration)}`);
    const more =
      of.length > HOVER_SIGNATURES ? [`- ${plain(l10n.t('and {0} more', of.length - HOVER_SIGNATURES))}`] : [];
    return [`**${plain(title)}** (${of.length})\n\n${[...shown, ...more].join('\n')}`];
  };
  const abi = [...section('function', l10n.t('Functions')), ...section('event', l10n.t('Events'))];
  const md = markdown(smartContractInterfaceTooltipLines(sci));
  if (abi.length > 0) md.appendMarkdown(`\n\n---\n\n${abi.join('\n\n')}`);
  return md;
}
