/** The policy operations whose client calls test/api/policyClient.test.ts covers, for the client test's coverage checks. */
export const POLICY_QUERIES = ['getPolicy', 'listPolicies', 'getPolicyEvaluations'];
export const POLICY_SUBMISSIONS = ['createPolicy', 'createPolicies', 'updatePolicy', 'deletePolicy', 'deletePolicies'];
