/** The public surface of the client. Other rooms import from here only. */
export * from './errors';
export * from './operations';
export * from './stamping/stamper';
export * from './stamping/apiKeys';
export * from './stamping/apiKeyStamper';
export * from './stamping/verifyStamp';
export * from './schemas/common';
export * from './schemas/rpcStatus';
export * from './schemas/activity';
export * from './schemas/apiKey';
export * from './schemas/organization';
export * from './schemas/privateKey';
export * from './schemas/privateKeyTag';
export * from './schemas/smartContractInterface';
export * from './logger';
