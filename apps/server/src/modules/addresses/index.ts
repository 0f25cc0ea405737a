/** The addresses module's public face. */
export { createAddressService, type AddressService } from './service.ts';
export { addressRoutes } from './routes.ts';
