/** The schemes of the read-only JSON documents of activities and policies. */
export const ACTIVITY_JSON_SCHEME = 'countersign-activity';
export const POLICY_JSON_SCHEME = 'countersign-policy';
/** The scheme of read-only text documents whose text travels in their address (an evaluation's details). */
export const TEXT_SCHEME = 'countersign-text';
