// The review page's only script: it keeps the page's ids with setState (so the page comes back after a reload)
// and turns a button click into a message; the extension runs the command, with its own confirmation.
(function () {
  const vscode = acquireVsCodeApi();
  try {
    vscode.setState(JSON.parse(document.body.dataset.state || '{}'));
  } catch {
    // A page without state is not reopened after a reload; nothing else depends on it.
  }
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('button[data-action]') : null;
    if (!target) return;
    vscode.postMessage({ type: 'action', action: target.getAttribute('data-action') });
  });
})();
