/** The schemes of the read-only JSON documents of activities and policies. */
export const ACTIVITY_JSON_SCHEME = 'countersign-activity';
export const POLICY_JSON_SCHEME = 'countersign-policy';
