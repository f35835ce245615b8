// @ts-check
// The addresses of code-server's workbench: for the tests' browser, for a person, and for the remote extension
// host.
import * as path from 'node:path';

/**
 * The workbench URL for `folder`, with an optional smoke-driver payload (a list of [name, value] pairs).
 * @param {number} port
 * @param {string} [folder]
 * @param {ReadonlyArray<readonly [string, string]>} [payload]
 */
export function workbenchUrl(port, folder, payload) {
  const query = [];
  // Slashes stay readable in the folder path, as code-server itself writes it.
  if (folder) query.push(`folder=${encodeURIComponent(folder).replace(/%2F/gi, '/')}`);
  if (payload) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `http://127.0.0.1:${port}/${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/**
 * The workbench URL to give a person (what `npm start` prints): the same server, named `localhost`. Browsers
 * treat http://localhost as a secure context, and a passkey for RP ID `localhost` signs only on a page served from
 * `localhost`: code-server serves the passkey page under the workbench's own origin, so on 127.0.0.1 it could not.
 * @param {number} port
 * @param {string} [folder]
 */
export function browserUrl(port, folder) {
  const url = new URL(workbenchUrl(port, folder));
  url.hostname = 'localhost';
  return url.toString();
}

/**
 * A path on the server as the remote (Node) extension host sees it.
 * @param {number} port
 * @param {string} absolutePath
 */
export function remoteUri(port, absolutePath) {
  return `vscode-remote://127.0.0.1:${port}${path.resolve(absolutePath)}`;
}
