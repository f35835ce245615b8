/**
 * The smallest entry of the client: the error classes and the base URL check, for code that runs before anything
 * is requested (the extension's activation). `./index` re-exports the same names, with the service's fixed values
 * and every type; a bundle splits by module, and whatever reaches `./index` carries all it re-exports. Nothing here
 * may import `./remote`, @noble, zod or undici.
 */
export {
  ActivityFailedError,
  ActivityRejectedError,
  CancelledError,
  ClockSkewError,
  CountersignError,
  InvalidInputError,
  ResponseShapeError,
  ServiceError,
  TransportError,
} from './errors';
export { checkBaseUrl, isLoopbackHost } from './transport/urlPolicy';
export { errorText } from './errorLine';
