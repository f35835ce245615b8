#!/usr/bin/env node
// @ts-check
// Runs the bundled sandbox (dist/sandbox.js, built by `npm run build`).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const bundle = path.join(__dirname, '..', 'dist', 'sandbox.js');
if (!fs.existsSync(bundle)) {
  process.stderr.write(
    'countersign-sandbox: dist/sandbox.js is missing. Run "npm run build" in the Countersign folder first.\n',
  );
  process.exit(1);
}
require(bundle);
