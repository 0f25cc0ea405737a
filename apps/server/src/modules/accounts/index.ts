/** The accounts module's public face. */
export { createAccountService, MAX_TOKENS_PER_USER, resetLink, toUser, type AccountService, type AccountServiceDeps } from './service.ts';
export { accountRootRoutes, accountRoutes } from './routes.ts';
export { createPasswordHasher, type PasswordHasher } from './passwords.ts';
export { createStaffDirectory, type StaffDirectory } from './staff.ts';
export { createSecondFactors, type SecondFactors } from './second-factor.ts';
export { createCustomerDirectory, type CustomerDirectory, type CustomerRecord } from './customers.ts';
export { accountEmails, lockAccount } from './repository.ts';
