// A module whose import fails; its message quotes a value that must never be printed.
throw new Error('cannot reach the vault with secret-in-module-message');
export {};
