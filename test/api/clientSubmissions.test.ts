/** The client's submissions: the envelope in order (type, timestampMs, organizationId, parameters), on the wire. */
import * as assert from 'node:assert/strict';
import type { CountersignClient } from '../../src/api/remote';
import { operations } from '../../src/api/remote';
import { readFixture } from '../support/fixtures';
import type { TestServer } from '../support/testServer';
import { NOW, assertWellFormed, withTestClient } from './clientFixture';
import { ORG, activityRecord } from './sampleRecords';
import { POLICY_SUBMISSIONS } from './policyOperations';
import { peopleSubmitCases } from './peopleClientCases';
import { accountSubmitCases } from './accountClientCases';
import { walletSubmitCases } from './walletClientCases';

describe('CountersignClient', () => {
  let server: TestServer;
  let client: CountersignClient;
  withTestClient((started) => ({ server, client } = started));

  describe('submissions: envelope in order type, timestampMs, organizationId, parameters', () => {
    const cases: Array<{
      name: string;
      call: (c: CountersignClient) => Promise<unknown>;
      path: string;
      body: string;
      result: Record<string, unknown>;
    }> = [
      {
        name: 'createSmartContractInterface',
        call: (c) =>
          c.createSmartContractInterface({
            organizationId: ORG,
            parameters: {
              smartContractAddress: '0x01',
              smartContractInterface: '[]',
              type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
              label: 'Counter',
              notes: 'é',
            },
          }),
        path: '/public/v1/submit/create_smart_contract_interface',
        body: `{"type":"ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"smartContractAddress":"0x01","smartContractInterface":"[]","type":"SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM","label":"Counter","notes":"é"}}`,
        result: { createSmartContractInterfaceResult: { smartContractInterfaceId: 'sci-1' } },
      },
      {
        name: 'createPrivateKeyTag',
        call: (c) =>
          c.createPrivateKeyTag({
            organizationId: ORG,
            parameters: { privateKeyTagName: 'tag-é✓', privateKeyIds: [] },
            timestampMs: '1700000000000',
          }),
        path: '/public/v1/submit/create_private_key_tag',
        // The wire-facts vector body, byte for byte.
        body: (JSON.parse(readFixture('vectors', 'apiKeyStamp.json')) as { body: string }).body,
        result: { createPrivateKeyTagResult: { privateKeyTagId: 'tag-1', privateKeyIds: [] } },
      },
      {
        name: 'approveActivity',
        call: (c) =>
          c.approveActivity({
            organizationId: ORG,
            parameters: { fingerprint: 'sha256:abc' },
            generateAppProofs: true,
          }),
        path: '/public/v1/submit/approve_activity',
        body: `{"type":"ACTIVITY_TYPE_APPROVE_ACTIVITY","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"fingerprint":"sha256:abc"},"generateAppProofs":true}`,
        result: {},
      },
      {
        name: 'rejectActivity',
        call: (c) => c.rejectActivity({ organizationId: ORG, parameters: { fingerprint: 'sha256:abc' } }),
        path: '/public/v1/submit/reject_activity',
        body: `{"type":"ACTIVITY_TYPE_REJECT_ACTIVITY","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"fingerprint":"sha256:abc"}}`,
        result: {},
      },
      {
        name: 'deleteSmartContractInterface',
        call: (c) =>
          c.deleteSmartContractInterface({ organizationId: ORG, parameters: { smartContractInterfaceId: 'sci-1' } }),
        path: '/public/v1/submit/delete_smart_contract_interface',
        body: `{"type":"ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"smartContractInterfaceId":"sci-1"}}`,
        result: { deleteSmartContractInterfaceResult: { smartContractInterfaceId: 'sci-1' } },
      },
      {
        name: 'deleteSubOrganization',
        call: (c) => c.deleteSubOrganization({ organizationId: ORG, parameters: { deleteWithoutExport: false } }),
        path: '/public/v1/submit/delete_sub_organization',
        body: `{"type":"ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"deleteWithoutExport":false}}`,
        result: { deleteSubOrganizationResult: { subOrganizationUuid: ORG } },
      },
      {
        name: 'createAuthenticators',
        call: (c) =>
          c.createAuthenticators({
            organizationId: ORG,
            parameters: {
              userId: 'user-1',
              authenticators: [
                {
                  authenticatorName: 'VS Code',
                  challenge: 'Y2hhbGxlbmdl',
                  attestation: {
                    credentialId: 'Y3JlZA',
                    clientDataJson: 'e30',
                    attestationObject: 'oA',
                    transports: ['AUTHENTICATOR_TRANSPORT_USB'],
                  },
                },
              ],
            },
          }),
        path: '/public/v1/submit/create_authenticators',
        body: `{"type":"ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"userId":"user-1","authenticators":[{"authenticatorName":"VS Code","challenge":"Y2hhbGxlbmdl","attestation":{"credentialId":"Y3JlZA","clientDataJson":"e30","attestationObject":"oA","transports":["AUTHENTICATOR_TRANSPORT_USB"]}}]}}`,
        result: { createAuthenticatorsResult: { authenticatorIds: ['auth-1'] } },
      },
      {
        name: 'deleteAuthenticators',
        call: (c) =>
          c.deleteAuthenticators({
            organizationId: ORG,
            parameters: { userId: 'user-1', authenticatorIds: ['auth-1'] },
          }),
        path: '/public/v1/submit/delete_authenticators',
        body: `{"type":"ACTIVITY_TYPE_DELETE_AUTHENTICATORS","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"userId":"user-1","authenticatorIds":["auth-1"]}}`,
        result: { deleteAuthenticatorsResult: { authenticatorIds: ['auth-1'] } },
      },
      {
        name: 'signTransaction',
        call: (c) =>
          c.signTransaction({
            organizationId: ORG,
            parameters: {
              signWith: 'pk-1',
              unsignedTransaction: '02c90180010a8252088080c0',
              type: 'TRANSACTION_TYPE_ETHEREUM',
            },
          }),
        path: '/public/v1/submit/sign_transaction',
        body: `{"type":"ACTIVITY_TYPE_SIGN_TRANSACTION_V2","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"signWith":"pk-1","unsignedTransaction":"02c90180010a8252088080c0","type":"TRANSACTION_TYPE_ETHEREUM"}}`,
        result: { signTransactionResult: { signedTransaction: '02f84c' } },
      },
      {
        name: 'signRawPayload',
        call: (c) =>
          c.signRawPayload({
            organizationId: ORG,
            parameters: {
              signWith: 'pk-1',
              payload: 'hello',
              encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
              hashFunction: 'HASH_FUNCTION_KECCAK256',
            },
          }),
        path: '/public/v1/submit/sign_raw_payload',
        body: `{"type":"ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"signWith":"pk-1","payload":"hello","encoding":"PAYLOAD_ENCODING_TEXT_UTF8","hashFunction":"HASH_FUNCTION_KECCAK256"}}`,
        result: { signRawPayloadResult: { r: 'a'.repeat(64), s: 'b'.repeat(64), v: '01' } },
      },
      {
        name: 'setOrganizationFeature',
        call: (c) =>
          c.setOrganizationFeature({
            organizationId: ORG,
            parameters: { name: 'FEATURE_NAME_WEBAUTHN_ORIGINS', value: 'https://app.example.com' },
          }),
        path: '/public/v1/submit/set_organization_feature',
        body: `{"type":"ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"name":"FEATURE_NAME_WEBAUTHN_ORIGINS","value":"https://app.example.com"}}`,
        result: {
          setOrganizationFeatureResult: {
            features: [{ name: 'FEATURE_NAME_WEBAUTHN_ORIGINS', value: 'https://app.example.com' }],
          },
        },
      },
      {
        name: 'removeOrganizationFeature',
        call: (c) =>
          c.removeOrganizationFeature({ organizationId: ORG, parameters: { name: 'FEATURE_NAME_WEBAUTHN_ORIGINS' } }),
        path: '/public/v1/submit/remove_organization_feature',
        body: `{"type":"ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"name":"FEATURE_NAME_WEBAUTHN_ORIGINS"}}`,
        result: { removeOrganizationFeatureResult: { features: [] } },
      },
      ...peopleSubmitCases,
      ...accountSubmitCases,
      ...walletSubmitCases,
    ];
    for (const c of cases) {
      it(`${c.name} sends its exact body and returns the activity`, async () => {
        const type = (JSON.parse(c.body) as { type: string }).type;
        server.respond(() => ({ json: { activity: activityRecord({ id: `act-${c.name}`, type, result: c.result }) } }));
        const activity = (await c.call(client)) as { id: string; type: string; status: string };
        assert.equal(server.requests.length, 1);
        const request = server.requests[0]!;
        assertWellFormed(request, c.path);
        assert.equal(request.text, c.body);
        assert.equal(activity.id, `act-${c.name}`);
        assert.equal(activity.type, type);
        assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      });
    }

    it('covers every submission of the operation table', () => {
      const submits = Object.entries(operations)
        .filter(([, op]) => op.kind === 'submit')
        .map(([name]) => name);
      assert.deepEqual(submits.sort(), [...cases.map((c) => c.name), ...POLICY_SUBMISSIONS].sort());
    });

    it('returns an activity that waits for consensus or authenticators instead of throwing', async () => {
      for (const status of ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED']) {
        server.respond(() => ({ json: { activity: activityRecord({ status, result: {} }) } }));
        const activity = await client.createPrivateKeyTag({
          organizationId: ORG,
          parameters: { privateKeyTagName: 't', privateKeyIds: [] },
        });
        assert.equal(activity.status, status);
      }
    });
  });
});
