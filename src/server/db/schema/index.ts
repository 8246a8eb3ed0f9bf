export * from './accounts';
export * from './api-keys';
export * from './console-users';
export * from './jobs';
export * from './ledger';
export * from './settings';
export * from './tenants';
export * from './upstreams';
