// A module WALLET_API_SIGNER_MODULE must be refused for: it exports no Signer function.
export default 'not a function';
export const signer = 42;
