import * as assert from 'node:assert/strict';
import { p256 } from '@noble/curves/nist.js';
import { InvalidInputError, WEBAUTHN_STAMP_HEADER, type WebauthnAssertionRequest } from '../../src/api';
import {
  decodeWebauthnStamp,
  verifyWebauthnStamp,
  WebauthnStamper,
  webauthnChallenge,
  webauthnChallengeHex,
} from '../../src/api/remote';
import { readFixture } from '../support/fixtures';
import { SoftwareAuthenticator } from '../support/softwareAuthenticator';

const vector = JSON.parse(readFixture('vectors', 'apiKeyStamp.json')) as { body: string; sha256: string };

/** The §5 value of clientDataJSON.challenge for the vector body. */
const VECTOR_CLIENT_DATA_CHALLENGE =
  'YzFkYjVjYjQ1NjE0NjllYmIwMzYyZjk4ODI4MzU3NzQzN2ZiOWU4MzJhY2Y5MmM3YTVhMzIzNTM1ZjMxZWI3Nw';

// A type, not an interface: Object.values/entries then see its string values.
type StampFields = {
  authenticatorData: string;
  clientDataJson: string;
  credentialId: string;
  signature: string;
};

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const b64 = (text: string): string => Buffer.from(text, 'base64url').toString('base64');

describe('WebAuthn stamp', () => {
  const authenticator = new SoftwareAuthenticator();
  const stamper = new WebauthnStamper({ getAssertion: authenticator.getAssertion });
  const body = vector.body;

  const stampOf = async (text: string): Promise<StampFields> =>
    JSON.parse((await stamper.stamp(text)).stampHeaderValue) as StampFields;
  const clientData = (fields: StampFields): Record<string, unknown> =>
    JSON.parse(Buffer.from(fields.clientDataJson, 'base64url').toString('utf8')) as Record<string, unknown>;

  describe('the challenge for the vector body (wire facts §5)', () => {
    it('is the UTF-8 bytes of hex(sha256(body)), 64 bytes', () => {
      assert.equal(webauthnChallengeHex(body), 'c1db5cb4561469ebb0362f988283577437fb9e832acf92c7a5a323535f31eb77');
      assert.equal(webauthnChallengeHex(body), vector.sha256);
      const challenge = webauthnChallenge(body);
      assert.equal(challenge.length, 64);
      assert.equal(Buffer.from(challenge).toString('utf8'), vector.sha256);
      assert.equal(b64url(challenge), VECTOR_CLIENT_DATA_CHALLENGE);
    });

    it('is what the stamper asks the authenticator to sign, and lands in clientDataJSON as §5 gives it', async () => {
      const requests: WebauthnAssertionRequest[] = [];
      const recording = new WebauthnStamper({
        rpId: 'localhost',
        getAssertion: (request) => {
          requests.push(request);
          return authenticator.getAssertion(request);
        },
      });
      const fields = JSON.parse((await recording.stamp(body)).stampHeaderValue) as StampFields;
      assert.equal(requests.length, 1);
      assert.equal(Buffer.from(requests[0]?.challenge ?? []).toString('utf8'), vector.sha256);
      assert.equal(requests[0]?.userVerification, 'preferred');
      assert.equal(requests[0]?.timeoutMs, 5 * 60_000);
      assert.equal(requests[0]?.rpId, 'localhost');
      assert.equal(clientData(fields)['challenge'], VECTOR_CLIENT_DATA_CHALLENGE);
    });
  });

  describe('the header', () => {
    it("is named X-Stamp-Webauthn and is plain JSON with four base64url fields in the stamper's key order", async () => {
      const stamp = await stamper.stamp(body);
      assert.equal(stamp.stampHeaderName, 'X-Stamp-Webauthn');
      assert.equal(stamp.stampHeaderName, WEBAUTHN_STAMP_HEADER);
      const parsed = JSON.parse(stamp.stampHeaderValue) as Record<string, string>;
      assert.deepEqual(Object.keys(parsed), ['authenticatorData', 'clientDataJson', 'credentialId', 'signature']);
      for (const value of Object.values(parsed)) assert.match(value, /^[A-Za-z0-9_-]+$/);
      assert.equal(parsed['credentialId'], authenticator.credentialId);
      assert.equal(clientData(parsed as unknown as StampFields)['type'], 'webauthn.get');
      // The signature is DER: a SEQUENCE of two INTEGERs.
      assert.equal(Buffer.from(parsed['signature'] ?? '', 'base64url')[0], 0x30);
    });

    it('passes allowCredentials and userVerification through, and refuses an assertion that is not one', async () => {
      const seen: WebauthnAssertionRequest[] = [];
      const strict = new WebauthnStamper({
        allowCredentials: [authenticator.credentialId],
        userVerification: 'required',
        timeoutMs: 1000,
        getAssertion: (request) => {
          seen.push(request);
          return authenticator.getAssertion(request);
        },
      });
      await strict.stamp('{}');
      assert.deepEqual(seen[0]?.allowCredentials, [authenticator.credentialId]);
      assert.equal(seen[0]?.userVerification, 'required');
      assert.equal(seen[0]?.timeoutMs, 1000);
      const broken = new WebauthnStamper({
        getAssertion: async (request) => ({
          ...(await authenticator.getAssertion(request)),
          authenticatorData: new Uint8Array(3),
        }),
      });
      await assert.rejects(broken.stamp('{}'), InvalidInputError);
      const other = new WebauthnStamper({ allowCredentials: ['AAAA'], getAssertion: authenticator.getAssertion });
      await assert.rejects(other.stamp('{}'), /NotAllowedError/);
    });
  });

  describe('verification', () => {
    it('accepts stamps over several bodies, and reports user verification and the counter', async () => {
      for (const text of [body, '{"organizationId":"00000000-0000-4000-8000-000000000000"}', '']) {
        const stamp = await stamper.stamp(text);
        const verdict = verifyWebauthnStamp(
          Buffer.from(text, 'utf8'),
          stamp.stampHeaderValue,
          authenticator.publicKey,
          { rpId: 'localhost' },
        );
        assert.ok(verdict.ok, JSON.stringify(verdict));
        assert.equal(verdict.credentialId, authenticator.credentialId);
        assert.equal(verdict.userVerified, true);
        assert.equal(verdict.signCount, authenticator.signCount);
      }
    });

    it('accepts the public key uncompressed as well as compressed', async () => {
      const stamp = await stamper.stamp(body);
      const point = p256.Point.fromHex(authenticator.publicKey).toHex(false);
      assert.ok(verifyWebauthnStamp(body, stamp.stampHeaderValue, point).ok);
    });

    it('accepts standard base64, padded or not, as well as base64url', async () => {
      const fields = await stampOf(body);
      const padded: StampFields = {
        authenticatorData: b64(fields.authenticatorData),
        clientDataJson: b64(fields.clientDataJson),
        credentialId: b64(fields.credentialId),
        signature: b64(fields.signature),
      };
      assert.ok(
        Object.values<string>(padded).some((v) => /[+/=]/.test(v)),
        'the standard spelling differs from base64url here',
      );
      const unpadded = Object.fromEntries(Object.entries<string>(padded).map(([k, v]) => [k, v.replace(/=+$/, '')]));
      for (const variant of [padded, unpadded]) {
        const verdict = verifyWebauthnStamp(body, JSON.stringify(variant), authenticator.publicKey);
        assert.ok(verdict.ok, JSON.stringify(verdict));
        assert.equal(verdict.credentialId, authenticator.credentialId, 'the credential id comes back in base64url');
      }
      assert.equal(decodeWebauthnStamp(JSON.stringify(padded))?.credentialId, authenticator.credentialId);
    });

    it('refuses the stamp for another body, even one trailing space longer', async () => {
      const stamp = await stamper.stamp(body);
      const verdict = verifyWebauthnStamp(`${body} `, stamp.stampHeaderValue, authenticator.publicKey);
      assert.deepEqual(verdict.ok ? 'ok' : verdict.problem, 'wrongChallenge');
    });

    it('refuses a challenge that is the raw digest instead of its hex text', async () => {
      const rawDigest = new WebauthnStamper({
        getAssertion: (request) =>
          authenticator.getAssertion({
            ...request,
            challenge: Buffer.from(Buffer.from(request.challenge).toString('utf8'), 'hex'),
          }),
      });
      const verdict = verifyWebauthnStamp(
        body,
        (await rawDigest.stamp(body)).stampHeaderValue,
        authenticator.publicKey,
      );
      assert.deepEqual(verdict.ok ? 'ok' : verdict.problem, 'wrongChallenge');
    });

    it('refuses a changed signature, a changed authenticator data and another key', async () => {
      const fields = await stampOf(body);
      const signature = Buffer.from(fields.signature, 'base64url');
      signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 0x01;
      const badSignature = verifyWebauthnStamp(
        body,
        JSON.stringify({ ...fields, signature: b64url(signature) }),
        authenticator.publicKey,
      );
      assert.deepEqual(badSignature.ok ? 'ok' : badSignature.problem, 'badSignature');

      const data = Buffer.from(fields.authenticatorData, 'base64url');
      data[36] = (data[36] ?? 0) ^ 0xff; // the counter
      const badData = verifyWebauthnStamp(
        body,
        JSON.stringify({ ...fields, authenticatorData: b64url(data) }),
        authenticator.publicKey,
      );
      assert.deepEqual(badData.ok ? 'ok' : badData.problem, 'badSignature');

      const stranger = new SoftwareAuthenticator();
      const otherKey = verifyWebauthnStamp(body, JSON.stringify(fields), stranger.publicKey);
      assert.deepEqual(otherKey.ok ? 'ok' : otherKey.problem, 'badSignature');
      const notAKey = verifyWebauthnStamp(body, JSON.stringify(fields), '02' + 'ff'.repeat(32));
      assert.deepEqual(notAKey.ok ? 'ok' : notAKey.problem, 'badPublicKey');
    });

    it('refuses client data of another type, even when it is properly signed', async () => {
      for (const type of ['webauthn.create', undefined]) {
        const creating = new SoftwareAuthenticator();
        const lying = new WebauthnStamper({
          getAssertion: async (request) => {
            const honest = await creating.getAssertion(request);
            const data = JSON.parse(Buffer.from(honest.clientDataJSON).toString('utf8')) as Record<string, unknown>;
            data['type'] = type;
            return creating.signAssertion(honest.authenticatorData, Buffer.from(JSON.stringify(data)));
          },
        });
        const verdict = verifyWebauthnStamp(body, (await lying.stamp(body)).stampHeaderValue, creating.publicKey);
        assert.deepEqual(verdict.ok ? 'ok' : verdict.problem, 'wrongType');
      }
    });

    it('refuses an assertion made without user presence, and one for another relying party when the rpId is checked', async () => {
      const absent = new SoftwareAuthenticator();
      const noPresence = new WebauthnStamper({
        getAssertion: async (request) => {
          const honest = await absent.getAssertion(request);
          const data = Buffer.from(honest.authenticatorData);
          data[32] = 0;
          return absent.signAssertion(data, honest.clientDataJSON);
        },
      });
      const verdict = verifyWebauthnStamp(body, (await noPresence.stamp(body)).stampHeaderValue, absent.publicKey);
      assert.deepEqual(verdict.ok ? 'ok' : verdict.problem, 'userNotPresent');
      const elsewhere = verifyWebauthnStamp(
        body,
        (await stamper.stamp(body)).stampHeaderValue,
        authenticator.publicKey,
        { rpId: 'example.com' },
      );
      assert.deepEqual(elsewhere.ok ? 'ok' : elsewhere.problem, 'wrongRelyingParty');
    });

    it('refuses values that are not stamps, and says what is wrong without echoing them', async () => {
      const fields = await stampOf(body);
      const values = [
        '',
        '{}',
        '[]',
        'not json',
        Buffer.from(JSON.stringify(fields)).toString('base64url'),
        JSON.stringify({ ...fields, signature: 'not base64!' }),
        JSON.stringify({ ...fields, credentialId: '' }),
        JSON.stringify({ ...fields, authenticatorData: 1 }),
        'x'.repeat(20_000),
      ];
      for (const value of values) {
        const verdict = verifyWebauthnStamp(body, value, authenticator.publicKey);
        assert.equal(verdict.ok, false, value.slice(0, 60));
        if (!verdict.ok) {
          assert.equal(verdict.problem, 'malformed');
          assert.ok(!verdict.detail.includes(fields.signature));
        }
      }
      const notJson = verifyWebauthnStamp(
        body,
        JSON.stringify({ ...fields, clientDataJson: b64url(Buffer.from('nope')) }),
        authenticator.publicKey,
      );
      assert.deepEqual(notJson.ok ? 'ok' : notJson.problem, 'badClientData');
    });
  });

  it('never shows anything but its configuration when logged', () => {
    assert.deepEqual(
      JSON.parse(JSON.stringify(new WebauthnStamper({ rpId: 'localhost', getAssertion: authenticator.getAssertion }))),
      {
        type: 'WebauthnStamper',
        rpId: 'localhost',
        userVerification: 'preferred',
      },
    );
  });
});
