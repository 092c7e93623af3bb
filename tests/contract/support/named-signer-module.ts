// A signer module exporting its Signer as `signer` rather than as default.
import { hmacSha256 } from '../../../packages/sdk/src/signing/index.ts';

export const signer = hmacSha256({ secret: 'named-signer-secret' });
