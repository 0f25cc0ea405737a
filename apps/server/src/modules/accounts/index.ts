/** The accounts module's public face. */
export { createAccountService, MAX_TOKENS_PER_USER, resetLink, toUser, type AccountService } from './service.ts';
export { accountRootRoutes, accountRoutes } from './routes.ts';
export { createPasswordHasher, type PasswordHasher } from './passwords.ts';
export { createStaffDirectory, INVITED_PASSWORD, type StaffDirectory, type RoleChange, type RecordChange } from './staff.ts';
export { createCustomerDirectory, type CustomerDirectory, type CustomerRecord } from './customers.ts';
