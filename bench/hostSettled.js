// @ts-check
// Waits until a fresh extension host has finished starting, and the machine with it: the workbench's messages,
// the built-in extensions activating on start-up, the browser drawing the workbench. Until then, whatever the
// host does runs in the same event-loop turns as an `await import()` and is counted into it, and the other
// processes take the cores it would run on. Settled = at least 3 s after the suite started, then 2 s in a row in
// which every 50 ms timer came less than 2 ms late and (on Linux, from /proc/stat) the machine's cores were idle
// at least 85% of the time; at most 30 s.
'use strict';
const { readFileSync } = require('node:fs');

/** The machine's idle and total CPU time so far (jiffies), or undefined where /proc/stat cannot be read. */
function cpuTimes() {
  try {
    const fields = (readFileSync('/proc/stat', 'latin1').split('\n', 1)[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal …: idle and iowait are idle.
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, n) => sum + n, 0) };
  } catch {
    return undefined;
  }
}

exports.hostSettled = async function hostSettled() {
  const deadline = performance.now() + 30_000;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  let quiet = 0;
  let windowStart = cpuTimes();
  while (performance.now() < deadline) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    quiet = performance.now() - asked - 50 < 2 ? quiet + 1 : 0;
    if (quiet === 0) windowStart = cpuTimes();
    if (quiet >= 40) {
      const now = cpuTimes();
      const idle =
        now && windowStart && now.total > windowStart.total
          ? (now.idle - windowStart.idle) / (now.total - windowStart.total)
          : 1;
      if (idle >= 0.85) return true;
      quiet = 0;
      windowStart = now;
    }
  }
  return false;
};

/**
 * CPU time of this thread in milliseconds (user + system), where the host's Node has `process.threadCpuUsage`
 * (Node 23.9 and later): what the host's main thread spent, whatever the other processes of the machine do.
 */
exports.threadCpuMs = function threadCpuMs() {
  // Not in the Node 20 types this project compiles against.
  const { threadCpuUsage } = /** @type {{ threadCpuUsage?: () => NodeJS.CpuUsage }} */ (
    /** @type {unknown} */ (process)
  );
  if (typeof threadCpuUsage !== 'function') return undefined;
  const { user, system } = threadCpuUsage.call(process);
  return (user + system) / 1000;
};
