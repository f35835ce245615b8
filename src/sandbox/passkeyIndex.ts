/**
 * Where passkeys are found: by organization and credential id together, never by credential id alone. A credential
 * id is public (every browser is sent it in `allowCredentials`), so the same id in another organization is someone
 * else's passkey, with someone else's key, and says nothing about who is signing here.
 */

/** What the index needs of a passkey's owner (state.ts's AuthenticatorOwner). */
interface IndexedOwner {
  readonly organization: { readonly record: { readonly organizationId: string }; readonly deleted: boolean };
  readonly authenticator: { readonly credentialId: string };
}

export class PasskeyIndex<Owner extends IndexedOwner> {
  /** Organization id → credential id (base64url, no padding) → the passkeys registered there under it. */
  readonly #byOrganization = new Map<string, Map<string, Owner[]>>();

  /**
   * The passkey registered under `credentialId` in `organization`, if it is live. Should a journal hold the id twice
   * there (written before enrolment refused that), the first registered is the one.
   */
  find(organization: Owner['organization'], credentialId: string): Owner | undefined {
    if (organization.deleted) return undefined;
    return this.#byOrganization.get(organization.record.organizationId)?.get(credentialId)?.[0];
  }

  add(owner: Owner): void {
    const organizationId = owner.organization.record.organizationId;
    const byCredential = this.#byOrganization.get(organizationId) ?? new Map<string, Owner[]>();
    this.#byOrganization.set(organizationId, byCredential);
    const { credentialId } = owner.authenticator;
    byCredential.set(credentialId, [...(byCredential.get(credentialId) ?? []), owner]);
  }

  /** Forgets the passkey whose record is `authenticator` (the very object added). */
  remove(organization: Owner['organization'], authenticator: Owner['authenticator']): void {
    const byCredential = this.#byOrganization.get(organization.record.organizationId);
    const owners = (byCredential?.get(authenticator.credentialId) ?? []).filter(
      (o) => o.authenticator !== authenticator,
    );
    if (owners.length === 0) byCredential?.delete(authenticator.credentialId);
    else byCredential?.set(authenticator.credentialId, owners);
  }
}
