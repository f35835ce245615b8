/** The sandbox's sample token, which the extension registers for a simulated transfer (defined with the client). */
export { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../../api/remote';
