/**
 * A warm process for the lock race: it loads the lock code once, then on each `go <dir> <at>` line waits
 * (spinning, for a start within microseconds of the other racers) until the clock reads `at` (epoch
 * milliseconds), tries to lock that data directory and answers `won` or `lost`; `release` lets go of
 * what it won.
 */
import { createInterface } from 'node:readline';
import { DataDirLock } from '../../src/sandbox/storage/dataDirLock';

let held: DataDirLock | undefined;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, dir, at] = line.split(' ');
  if (command === 'go' && dir !== undefined) {
    const start = Number(at) - performance.timeOrigin;
    while (performance.now() < start) {
      // Spinning, not sleeping: a timer would start each racer up to a millisecond apart.
    }
    try {
      held = DataDirLock.acquire(dir);
      process.stdout.write('won\n');
    } catch (error) {
      process.stdout.write(`lost ${error instanceof Error ? error.name : 'error'}\n`);
    }
  } else if (command === 'release') {
    held?.release();
    held = undefined;
    process.stdout.write('released\n');
  }
});
process.stdout.write('ready\n');
