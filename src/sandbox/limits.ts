/** The service's limits on tags (private key tags and user tags together): 100 in an organization, 10 in a sub-organization. */
export const TAG_LIMIT = 100;
export const SUB_ORGANIZATION_TAG_LIMIT = 10;
/** The service's limit on private keys in an organization. */
export const PRIVATE_KEY_LIMIT = 1000;
