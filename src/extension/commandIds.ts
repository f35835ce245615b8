/** Every command the extension contributes. A test compares this list with package.json. */
export const CommandIds = {
  addProfile: 'countersign.addProfile',
  switchProfile: 'countersign.switchProfile',
  editProfile: 'countersign.editProfile',
  removeProfile: 'countersign.removeProfile',
  importApiKey: 'countersign.importApiKey',
  generateApiKey: 'countersign.generateApiKey',
  checkProfile: 'countersign.checkProfile',
  startLocalSandbox: 'countersign.startLocalSandbox',
  stopLocalSandbox: 'countersign.stopLocalSandbox',
  createSmartContractInterface: 'countersign.createSmartContractInterface',
  createPrivateKeyTag: 'countersign.createPrivateKeyTag',
  approveActivity: 'countersign.approveActivity',
  rejectActivity: 'countersign.rejectActivity',
  approveActivityWithPasskey: 'countersign.approveActivityWithPasskey',
  rejectActivityWithPasskey: 'countersign.rejectActivityWithPasskey',
  addPasskey: 'countersign.addPasskey',
  removePasskey: 'countersign.removePasskey',
  renamePasskey: 'countersign.renamePasskey',
  deleteSmartContractInterface: 'countersign.deleteSmartContractInterface',
  deleteSubOrganization: 'countersign.deleteSubOrganization',
  getApiKey: 'countersign.getApiKey',
  refreshActivities: 'countersign.refreshActivities',
  refreshOrganization: 'countersign.refreshOrganization',
  loadMoreActivities: 'countersign.loadMoreActivities',
  copyActivityId: 'countersign.copyActivityId',
  copyFingerprint: 'countersign.copyFingerprint',
  openActivityJson: 'countersign.openActivityJson',
  openPolicyAsJson: 'countersign.openPolicyAsJson',
  reviewActivity: 'countersign.reviewActivity',
  simulateTeammateRequest: 'countersign.simulateTeammateRequest',
  revealActivity: 'countersign.revealActivity',
  showLog: 'countersign.showLog',
  revealSmartContractInterface: 'countersign.revealSmartContractInterface',
  compareWithRegisteredInterface: 'countersign.compareWithRegisteredInterface',
  replaceSmartContractInterface: 'countersign.replaceSmartContractInterface',
  openSmartContractInterfaceAbi: 'countersign.openSmartContractInterfaceAbi',
  compareSmartContractInterfaceWithFile: 'countersign.compareSmartContractInterfaceWithFile',
  revealAbiProblem: 'countersign.revealAbiProblem',
  createPolicyFromFile: 'countersign.createPolicyFromFile',
  updatePolicyFromFile: 'countersign.updatePolicyFromFile',
  deletePolicyOfFile: 'countersign.deletePolicyOfFile',
  comparePolicyWithFile: 'countersign.comparePolicyWithFile',
  evaluatePolicy: 'countersign.evaluatePolicy',
  newPolicyFromTemplate: 'countersign.newPolicyFromTemplate',
  openPolicyAsFile: 'countersign.openPolicyAsFile',
  addSubOrganizationProfile: 'countersign.addSubOrganizationProfile',
} as const;

export type CommandId = (typeof CommandIds)[keyof typeof CommandIds];

/** Context keys set with `setContext`, read by `when` clauses in package.json. */
export const ContextKeys = {
  /** 'noProfile' | 'noKey' | 'ready' | 'error': picks the welcome content of the empty views. */
  state: 'countersign.state',
  /** true while the local sandbox runs inside this window's extension host. */
  sandboxRunning: 'countersign.sandboxRunning',
  /** 'subOrganization' | 'topLevel' | 'unknown': whether Delete Sub-Organization can apply to the active profile. */
  organizationKind: 'countersign.organizationKind',
} as const;
