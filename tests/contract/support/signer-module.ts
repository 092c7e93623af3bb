// An integrator-supplied signer module, as WALLET_API_SIGNER_MODULE names it: here the
// shared HMAC signer with the fake service's secret.
import { hmacSha256 } from '../../../packages/sdk/src/signing/index.ts';

export default hmacSha256({ secret: 'fake-signing-secret-from-module' });
