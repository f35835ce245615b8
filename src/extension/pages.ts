/**
 * Behind the pages' door (pagesDoor.ts): the review page, the local passkey page, and the editor features of policy
 * and ABI files with the read-only documents they serve. Everything here imports the rest statically; none of it
 * loads at activation.
 */
export { ReviewPage } from './review/reviewPanel';
export { PasskeyPageError, startPasskeyPage } from './passkeys/passkeyPageServer';
export { startPolicyEditor } from './policyFiles/policyEditorFeatures';
export { policyDocumentText } from './policyFiles/policyDocuments';
export { startAbiEditor } from './abi/abiEditorFeatures';
export { registeredAbiText } from './abi/registeredAbiDocuments';
