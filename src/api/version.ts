/**
 * Countersign's version, sent in `X-Client-Version`. Kept equal to package.json's `version` by a test
 * (bundlers cannot read package.json at run time from inside the extension).
 */
export const COUNTERSIGN_VERSION = '0.1.0';

/** The `X-Client-Version` header value: `countersign/<version>`. */
export const CLIENT_VERSION_HEADER_VALUE = `countersign/${COUNTERSIGN_VERSION}`;
